import { describe, expect, it } from "vitest";
import { leadFormSchema } from "./lead-form";
import { manualLeadSchema } from "./lead-manual";
import { readPhone } from "./phone";

describe("readPhone", () => {
  it.each([
    ["(82) 99999-8888", "(82) 99999-8888"],
    ["+55 82 99999-8888", "(82) 99999-8888"],
    ["5582999998888", "(82) 99999-8888"],
    ["082 99999-8888", "(82) 99999-8888"],
    ["82 3333-4444", "(82) 3333-4444"],
    ["0xx82 3333-4444", "(82) 3333-4444"],
  ])("reads %s as %s", (raw, expected) => {
    expect(readPhone(raw)).toBe(expected);
  });

  it.each(["99999-8888", "82 89999-8888", "12345", "", null])("has no number in %s", (raw) => {
    expect(readPhone(raw)).toBeNull();
  });

  it("is what the visitor's form and the agent's manual entry both accept, to the same number", () => {
    const typed = "082 99999-8888";
    const visitor = leadFormSchema.shape.phone.safeParse(typed);
    const agent = manualLeadSchema.shape.phone.safeParse(typed);
    expect(visitor.success && visitor.data).toBe("(82) 99999-8888");
    expect(agent.success && agent.data).toBe("(82) 99999-8888");
    expect(manualLeadSchema.shape.phone.safeParse("9999").error?.issues[0]?.message).toBe(
      "Informe o telefone com DDD, ex.: (82) 99999-9999.",
    );
  });
});
