export const cart = {
  title: "Your cart",
  open: (count: number) => (count === 0 ? "Cart, empty" : count === 1 ? "Cart, 1 item" : `Cart, ${count} items`),
  button: "Cart",
  close: "Close the cart",
  empty: "Your cart is empty.",
  continueShopping: "Continue shopping",
  unitPrice: (price: string) => `Unit price: ${price}`,
  quantityFor: (name: string) => `Quantity of ${name}`,
  decrease: (name: string) => `Decrease the quantity of ${name}`,
  increase: (name: string) => `Increase the quantity of ${name}`,
  update: "Update",
  updateQuantity: (name: string) => `Update the quantity of ${name}`,
  lineTotal: "Line total:",
  remove: (name: string) => `Remove ${name}`,
  removeShort: "Remove",
  total: "Total",
  totalNote:
    "This total is the items only. The checkout adds shipping (or free pickup at the studio) and the sales taxes of your province, and shows the amount you will pay before you pay.",
  clear: "Clear cart",
  checkout: "Checkout",
  viewCart: "View the full cart",
  changesTitle: "Your cart has changed",
  noticeReduced: (name: string, available: number) =>
    `${name}: Maximum available stock reached. Your quantity is now ${available}, what is available.`,
  noticeRemoved: (name: string) =>
    `${name}: This item is not available for purchase. It is no longer counted in your cart.`,
  noticeExpired: (name: string) =>
    `${name}: its price hold ended. Update your cart to have it re-quoted at today's prices.`,
  updateCart: "Update my cart",
  updated: "Your cart is up to date.",
  held: "Held by another shopper: it may come back if their order is not paid. Not included in the total.",
  soldOut: "Sold out: not included in the total.",
  available: (n: number) => `${n} available`,
  // Outcomes of the cart's forms (the server's answer, in the page's language).
  added: (name: string, quantity: number) => `Added ${quantity} × ${name} to your cart.`,
  addedCapped: (name: string, quantity: number) =>
    `Added ${quantity} × ${name}: Maximum available stock reached. Your cart has all that is available.`,
  quantitySet: (name: string, quantity: number) => `Quantity of ${name}: ${quantity}.`,
  quantityCapped: (name: string, quantity: number) =>
    `Maximum available stock reached: the quantity of ${name} is ${quantity}.`,
  removed: (name: string) => `${name} was removed from your cart.`,
  cleared: "Your cart was emptied.",
  anItem: "This item",
  // Custom prints (quotes) in the cart.
  addToCart: "Add to cart",
  awaitingPayment: (orderId: string, time: string) =>
    `Order ${orderId} is awaiting payment: its items are held for you until ${time}, and stay in your cart until it is paid.`,
  payOrder: "Pay for the order",
  awaitingPaymentLabel: "Order awaiting payment",
  minimumApplies: (amount: string) => `A minimum of ${amount} per part applies.`,
  quoteAdded: (name: string) => `${name} (custom print) was added to your cart.`,
  quoteAlreadyIn: (name: string) => `${name} (custom print) is already in your cart.`,
  customPart: "The custom print",
  customPrint: "Custom print",
  customDetails: (material: string, colour: string, quality: string) => `${material}, ${colour}, ${quality}`,
  customQuantity: (quantity: number) => `Quantity: ${quantity}`,
  changeOnQuote: "Change on the quote",
  repricing: "Its price hold ended: it is being re-quoted at today's prices. Not included in the total yet.",
  noticeRepriced: (name: string, total: string) =>
    `${name}: its price hold ended, so it was re-quoted at today's prices: ${total}.`,
  noticeQuoteRemoved: "A custom print can no longer be ordered and was removed from your cart.",
};
