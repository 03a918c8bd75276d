import { describe, expect, it } from "vitest";
import { displayName, validateLogin, validateSignup } from "./auth-rules.ts";

describe("login rules", () => {
  it("asks for every field", () => {
    expect(validateLogin({ email: "", password: "secret" })).toBe("fillAllFields");
    expect(validateLogin({ email: "a@b.ca", password: "" })).toBe("fillAllFields");
    expect(validateLogin({ email: "a@b.ca", password: "secret" })).toBeNull();
  });
});

describe("sign-up rules", () => {
  const valid = { username: "maker", email: "maker@example.ca", password: "secret1", confirmPassword: "secret1" };
  it("accepts a complete, matching form", () => expect(validateSignup(valid)).toBeNull());
  it("asks for all four fields first", () => {
    expect(validateSignup({ ...valid, username: " " })).toBe("fillAllFields");
    expect(validateSignup({ ...valid, confirmPassword: "" })).toBe("fillAllFields");
  });
  it("refuses passwords that differ", () =>
    expect(validateSignup({ ...valid, confirmPassword: "secret2" })).toBe("passwordsDoNotMatch"));
  it("refuses passwords under six characters", () =>
    expect(validateSignup({ ...valid, password: "abc12", confirmPassword: "abc12" })).toBe("passwordTooShort"));
});

describe("display name", () => {
  it("is the username, else the e-mail before the at-sign", () => {
    expect(displayName({ username: "Ana", email: "ana@x.ca" })).toBe("Ana");
    expect(displayName({ username: "", email: "ana.b@x.ca" })).toBe("ana.b");
  });
});
