import { SMTPServer } from "smtp-server";

/**
 * A local stand-in for the studio's mail server, for the bench: the server under load sends its
 * sign-up e-mails here, and a bench buyer follows the verification link from theirs, as a person
 * would (placing an order needs a verified address).
 */
export async function startMailSink(
  port: number,
): Promise<{ smtpUrl: string; verificationLink: (email: string) => Promise<string>; close: () => Promise<void> }> {
  const received: string[] = [];
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let data = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (data += chunk));
      // Quoted-printable: soft line breaks joined, =XX bytes decoded.
      stream.on("end", () => {
        const joined = data
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        received.push(Buffer.from(joined, "latin1").toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => sink.listen(port, "127.0.0.1", resolve).once("error", reject));
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    async verificationLink(email) {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const mail = received.find((text) => text.includes(email) && text.includes("/api/auth/verify-email"));
        const link = mail?.match(/http\S+\/api\/auth\/verify-email\S+/)?.[0];
        if (link) return link;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no verification e-mail for ${email}`);
    },
    close: () => new Promise<void>((resolve) => sink.close(() => resolve())),
  };
}
