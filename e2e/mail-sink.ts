import { expect, test } from "./test";
import { SMTPServer } from "smtp-server";
import { E2E_SMTP_PORT } from "../playwright.config";

/** The body as a person reads it: quoted-printable soft breaks joined, =XX bytes decoded. */
export function decodedMail(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/** A local SMTP server standing in for the studio's mail server: playwright.config.ts sends the site's e-mail to it. */
export class MailSink {
  /** Every message received, decoded. */
  readonly received: string[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData: (stream, _session, callback) => {
      let data = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (data += chunk));
      stream.on("end", () => {
        this.received.push(decodedMail(data));
        callback();
      });
    },
  });

  listen(): Promise<void> {
    return new Promise((resolve, reject) =>
      this.server.listen(E2E_SMTP_PORT, "127.0.0.1", resolve).once("error", reject),
    );
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /**
   * The newest message to this address that contains these words (subject or body: headers may be
   * encoded). The outbox sends oldest first, and by the later specs it holds every e-mail that
   * failed while no sink listened: the one awaited may come after that backlog.
   */
  async mailTo(email: string, words: string, timeout = 60_000): Promise<string> {
    const matches = (mail: string) => mail.includes(`To: ${email}`) && mail.includes(words);
    await expect.poll(() => this.received.some(matches), { timeout }).toBe(true);
    return this.received.findLast(matches)!;
  }
}

/** One sink for a whole spec file: listening before its first test, closed after its last. */
export function mailSinkForThisFile(): MailSink {
  const sink = new MailSink();
  test.beforeAll(() => sink.listen());
  test.afterAll(() => sink.close());
  return sink;
}
