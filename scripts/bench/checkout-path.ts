/** The checkout-and-pay path, timed per buyer. Filled in when the store's checkout exists. */
export async function checkoutAndPay(_url: string, _buyers: number): Promise<void> {
  console.log("checkout-and-pay: not measured yet");
}
