/** A stable colour for a label without one (tracks without a colour): hue from the name's hash. */
export function colorFor(name: string, explicit?: string | null): string {
  if (explicit && /^#?[0-9a-f]{3,8}$/i.test(explicit.trim()))
    return explicit.startsWith('#') ? explicit : `#${explicit}`;
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return `hsl(${Math.abs(hash) % 360} 65% 48%)`;
}
