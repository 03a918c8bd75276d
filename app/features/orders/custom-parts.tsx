import { useMessages } from "../i18n/use-locale";

export type OrderCustomPart = { quoteId: string; name: string; quantity: number; productionStatus: string | null };

/** An order's custom prints and where each is in the studio's production queue. */
export function CustomPartsCard({ parts }: { parts: OrderCustomPart[] }) {
  const m = useMessages("orders").orders;
  if (parts.length === 0) return null;
  return (
    <div className="card">
      <h2 className="mb-4 text-xl font-bold">{m.customParts}</h2>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{m.customParts}</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="py-2 pr-4">
              {m.customPart}
            </th>
            <th scope="col" className="py-2 pr-4">
              {m.customQuantity}
            </th>
            <th scope="col" className="py-2">
              {m.production}
            </th>
          </tr>
        </thead>
        <tbody>
          {parts.map((part) => (
            <tr key={part.quoteId} className="border-b border-border last:border-0" data-testid="custom-part">
              <td className="py-2 pr-4 break-all">{part.name}</td>
              <td className="py-2 pr-4 tabular-nums">{part.quantity}</td>
              <td className="py-2 font-semibold" data-testid="production-status">
                {m.productionStatuses[part.productionStatus ?? "none"] ?? part.productionStatus}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
