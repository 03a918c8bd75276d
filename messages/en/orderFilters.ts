/** The admin's order list: issue 21's filters (dates, delivery) and the CSV export. */
export const orderFilters = {
  from: "Placed from",
  to: "Placed until",
  method: "Delivery",
  allMethods: "Any",
  methods: { ship: "Shipped", pickup: "Pickup" },
  exportCsv: "Export these orders (CSV)",
  exportHint:
    "One row per order: number, date, customer, status, subtotal, each tax, shipping, total and refunds, in dollars a spreadsheet reads.",
  problems: {
    invalidStatus: "This status does not exist.",
    tooLong: "The search is too long (100 characters at most).",
    invalidDate: "A date is a day of the calendar, like 2026-03-31.",
    invalidRange: "The first day comes before the last.",
    invalidMethod: "Delivery is shipped or pickup.",
    invalidPage: "A page is a whole number from 1.",
  },
};
