/** The admin's order list: issue 21's filters (dates, delivery) and the CSV export. */
export const orderFilters = {
  from: "Placed from",
  to: "Placed until",
  paidFrom: "Paid from",
  paidTo: "Paid until",
  method: "Delivery",
  allMethods: "Any",
  methods: { ship: "Shipped", pickup: "Pickup" },
  exportCsv: "Export these orders (CSV)",
  exportHint:
    "One row per order: number, date and time placed and paid (studio time), customer, status, delivery, subtotal, each tax, shipping, total and refunds, in dollars a spreadsheet reads. Filter by the days paid to match the tax report.",
  problems: {
    invalidStatus: "This status does not exist.",
    tooLong: "The search is too long (100 characters at most).",
    invalidDate: "A date is a day of the calendar between 2000 and 2100, like 2026-03-31.",
    invalidRange: "The first day comes before the last.",
    invalidMethod: "Delivery is shipped or pickup.",
    invalidPage: "A page is a whole number from 1.",
  },
};
