import { describe, expect, it } from "vitest";
import { MalformedForm, parseForm } from "./form.ts";

describe("Stripe's bracket form encoding", () => {
	it("reads plain, nested and list keys", () => {
		expect(
			parseForm(
				"amount=2000&currency=usd&metadata[order_id]=6735&payment_method_data[card][number]=4242+4242&expand[]=latest_charge&expand[]=customer",
			),
		).toEqual({
			amount: "2000",
			currency: "usd",
			metadata: { order_id: "6735" },
			payment_method_data: { card: { number: "4242 4242" } },
			expand: ["latest_charge", "customer"],
		});
	});

	it("reads the indices the official SDKs send, in their order, and percent-encoded brackets", () => {
		expect(parseForm("expand%5B1%5D=b&expand%5B0%5D=a&created[gte]=10")).toEqual({
			expand: ["a", "b"],
			created: { gte: "10" },
		});
		expect(parseForm("items[0][price]=p1&items[1][price]=p2")).toEqual({
			items: [{ price: "p1" }, { price: "p2" }],
		});
	});

	it("keeps an empty value, which unsets a field", () => {
		expect(parseForm("description=&metadata[a]=")).toEqual({ description: "", metadata: { a: "" } });
	});

	it("refuses what the notation cannot read, naming the key", () => {
		expect(() => parseForm("metadata=x&metadata[a]=y")).toThrow(MalformedForm);
		expect(() => parseForm("expand[]=a&expand[b]=c")).toThrow(
			"Invalid array or hash in parameter expand[b].",
		);
		expect(() => parseForm("a[b=1")).toThrow(MalformedForm);
		expect(() => parseForm("[a]=1")).toThrow(MalformedForm);
		expect(() => parseForm("a=%E0%A4%A")).toThrow("Invalid URL encoding");
		expect(() => parseForm(`a${"[b]".repeat(20)}=1`)).toThrow("nested too deeply");
	});

	it("builds no prototype keys", () => {
		const parsed = parseForm("__proto__[polluted]=1&constructor[prototype][x]=1");
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
		expect(Object.keys(parsed)).toEqual(["__proto__", "constructor"]);
	});
});
