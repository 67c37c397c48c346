/** "Good morning" before 12:00, "Good afternoon" before 18:00, otherwise "Good evening". */
export function greetingFor(hour: number, firstName?: string | null): string {
  const part = hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening";
  const name = firstName?.trim() ? firstName.trim() : "Professional";
  return `${part}, ${name}`;
}
