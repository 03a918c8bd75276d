/** The owner's first steps on /admin (issue 35). */
export const firstSteps = {
  title: "Before you sell",
  intro: "Work through these steps; this list goes away once each one is done.",
  progress: (done: number, total: number) => `${done} of ${total} done`,
  done: "Done",
  toDo: "To do",
  markDone: "Mark as done",
  steps: {
    identity: {
      title: "Your studio's name and contact details",
      text: "The name, phone and e-mail shown on every page and e-mail are still the sample studio's.",
      link: "Edit the studio",
    },
    legal: {
      title: "Legal name and tax registration numbers",
      text: "Invoices show your legal name and your GST/HST (and QST) numbers. Until you enter them, invoices say you have none.",
      link: "Enter them",
    },
    pickup: {
      title: "Pickup address and hours",
      text: "Buyers who pick up their order see this address and these hours.",
      link: "Set pickup",
    },
    aboutServices: {
      title: "About and Services pages",
      text: "Write /about and /services in your own words, and remove the sample story, team and offers.",
      link: "Open Admin → About",
    },
    sampleCatalogue: {
      title: "Remove the sample catalogue",
      text: "The store still shows the sample items and categories.",
      link: "See the inventory",
      remove: "Remove the sample catalogue",
      confirm:
        "Remove every sample item and every sample category no item of yours uses? Items that unpaid orders hold stay until those orders end.",
      removed: (items: number, kept: number) =>
        kept > 0
          ? `${items} sample items removed; ${kept} stay until the unpaid orders that hold them end.`
          : `${items} sample items removed.`,
    },
    sampleProjects: {
      title: "Remove the sample projects",
      text: "The portfolio still shows the sample projects.",
      link: "See the portfolio",
      remove: "Remove the sample projects",
      confirm: "Remove every sample project from the portfolio?",
      removed: (count: number) => `${count} sample projects removed.`,
    },
    mail: {
      title: "Mail server",
      configured: "E-mail goes out through your mail server.",
      text: "No mail server is set (SMTP_URL), so e-mails wait in the outbox until you send them yourself. Set SMTP_URL, or mark this done to keep using the outbox.",
      link: "See the outbox",
    },
    payments: {
      title: "Card payments",
      configured: "Cards are charged through Stripe.",
      text: "Payments run in test mode (the sandbox): no real card is charged. Set your Stripe keys to take real payments, or mark this done while you are testing.",
      link: "Open the admin",
    },
    backups: {
      title: "A backup that works",
      text: "The site backs itself up every night, but no backup has succeeded in the last 48 hours (or the last one failed). Take one now and check that it is listed.",
      link: "Open Admin → Backups",
    },
  },
  acknowledged: "Marked as done.",
};
