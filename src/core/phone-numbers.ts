import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/min";
import { isSupportedCountry } from "./phone-countries.js";

export { isSupportedCountry };

/**
 * A phone number as the capture pipeline compares it: E.164 ("+15551234567"), read with
 * libphonenumber-js in the account's country when it has no international prefix, so
 * "(555) 123-4567" (US), "+1 555 123 4567", "0044 20 7946 0958" (GB) and "+442079460958" each
 * have one spelling. "Possible" (the right length for its country) is enough: fictional 555
 * numbers are real to our users. Null for text that is no phone number; an extension is dropped.
 */
export function toE164(raw: string, country: string): string | null {
  const trimmed = raw.trim();
  if (trimmed === "" || trimmed.length > 64) return null;
  const parsed = parsePhoneNumberFromString(trimmed, isSupportedCountry(country) ? (country as CountryCode) : undefined);
  return parsed?.isPossible() ? parsed.number : null;
}
