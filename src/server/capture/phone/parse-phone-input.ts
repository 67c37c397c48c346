import type { z } from "zod";
import { INVALID_PHONE_NUMBER } from "../../../core/contracts/phone.js";
import { AppError } from "../../../core/errors.js";
import { parseInput } from "../../http/validate.js";

/**
 * parseInput for the phone forms: the product's "Invalid Phone Number: …" starts with "Invalid", which
 * parseInput reads as one of zod's generic messages and prefixes with the field's name; the contract's
 * sentence is answered word for word instead.
 */
export function parsePhoneInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  try {
    return parseInput(schema, value);
  } catch (error) {
    if (error instanceof AppError && error.message.endsWith(`: ${INVALID_PHONE_NUMBER}`))
      throw new AppError(error.code, INVALID_PHONE_NUMBER, error.details);
    throw error;
  }
}
