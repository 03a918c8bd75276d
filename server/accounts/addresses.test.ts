import { beforeAll, describe, expect, it } from "vitest";
import { signUpUser, type TestUser } from "../../tests/support/api.ts";
import { DomainError } from "../errors.ts";
import {
  addAddress,
  deleteAddress,
  listAddresses,
  MAX_ADDRESSES,
  setDefaultAddress,
  updateAddress,
} from "./addresses.ts";

const refusedWith = (code: string) => (error: unknown) => error instanceof DomainError && error.code === code;

let buyer: TestUser;
let other: TestUser;
beforeAll(async () => {
  buyer = await signUpUser();
  other = await signUpUser();
});

const home = {
  fullName: "Marie Tremblay",
  line1: "1234 rue Saint-Denis",
  city: "Montréal",
  province: "QC",
  postalCode: "h2x3k8",
};
const work = {
  fullName: "Marie Tremblay",
  line1: "100 King St W",
  line2: "Suite 5",
  city: "Toronto",
  province: "ON",
  postalCode: "M5X 1A9",
  phone: "416 555 0100",
};

describe("saved addresses", () => {
  it("the first address becomes the default; the default is offered again", async () => {
    const first = await addAddress(buyer.id, home);
    expect(first).toMatchObject({ postalCode: "H2X 3K8", isDefault: true, country: "CA" });
    const second = await addAddress(buyer.id, work);
    expect(second.isDefault).toBe(false);
    expect((await listAddresses(buyer.id)).find((a) => a.isDefault)?.id).toBe(first.id);
    await setDefaultAddress(buyer.id, second.id);
    const list = await listAddresses(buyer.id);
    expect(list.map((a) => [a.city, a.isDefault])).toEqual([
      ["Toronto", true],
      ["Montréal", false],
    ]);
  });

  it("edits an address, validated like checkout's", async () => {
    const [address] = await listAddresses(buyer.id);
    const edited = await updateAddress(buyer.id, address!.id, { ...work, line2: "" });
    expect(edited.line2).toBeUndefined();
    await expect(updateAddress(buyer.id, address!.id, { ...work, postalCode: "H2X 3K8" })).rejects.toMatchObject({
      code: "address.invalid",
      fields: { postalCode: "postalCodeProvince" },
    });
    await expect(addAddress(buyer.id, { ...home, country: "USA" })).rejects.toSatisfy(refusedWith("address.invalid"));
  });

  it("nobody else can see, edit, delete or choose someone's address", async () => {
    const [address] = await listAddresses(buyer.id);
    expect(await listAddresses(other.id)).toEqual([]);
    await expect(updateAddress(other.id, address!.id, home)).rejects.toSatisfy(refusedWith("address.not_found"));
    await expect(deleteAddress(other.id, address!.id)).rejects.toSatisfy(refusedWith("address.not_found"));
    await expect(setDefaultAddress(other.id, address!.id)).rejects.toSatisfy(refusedWith("address.not_found"));
    expect(await listAddresses(buyer.id)).toHaveLength(2);
  });

  it("deleting the default makes another one the default", async () => {
    const before = await listAddresses(buyer.id);
    await deleteAddress(buyer.id, before[0]!.id);
    const after = await listAddresses(buyer.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before[1]!.id, isDefault: true });
  });

  it("keeps at most ten addresses", async () => {
    for (let i = 0; i < MAX_ADDRESSES; i++) await addAddress(other.id, home);
    await expect(addAddress(other.id, home)).rejects.toSatisfy(refusedWith("address.too_many"));
    expect((await listAddresses(other.id)).filter((a) => a.isDefault)).toHaveLength(1);
  });
});
