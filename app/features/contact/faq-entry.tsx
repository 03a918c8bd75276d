/**
 * One FAQ entry as visitors see it: a disclosure with the answer's HTML, rendered on the server from
 * the studio's Markdown (server/content/markdown.ts: raw HTML off). The admin's preview uses it too.
 */
export function FaqEntryView({
  question,
  answerHtml,
  open = false,
}: {
  question: string;
  answerHtml: string;
  open?: boolean;
}) {
  return (
    <details className="group rounded-2xl border border-border bg-surface p-5" open={open}>
      <summary className="cursor-pointer font-semibold">{question}</summary>
      <div className="faq-answer mt-3 space-y-2 text-muted" dangerouslySetInnerHTML={{ __html: answerHtml }} />
    </details>
  );
}
