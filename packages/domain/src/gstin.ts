// GSTIN: the 15-character identity of a GST-registered business, on the organiser's documents and, when a
// company buys, the buyer's. Its shape: a two-digit state code, the holder's PAN (five letters, four digits, a
// letter), an entity number (1-9 or A-Z: the holder's registrations in that state), a letter (Z today) and a
// check character over the first fourteen. A typo in any one character fails the check, so a wrong GSTIN is
// caught in the form, not by the accountant a month later.

/** The GST state and union territory codes, as the first two digits of a GSTIN name them. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  // 25 (Daman and Diu) was merged into 26 in 2020; registrations made before keep their numbers.
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before 2014)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
};

export const GSTIN_MESSAGES = {
  length: 'A GSTIN has 15 characters',
  state: 'A GSTIN starts with a state code, such as 27 for Maharashtra',
  pan: 'Characters 3 to 12 of a GSTIN are a PAN: five letters, four digits, a letter',
  entity: 'The 13th character of a GSTIN is a digit from 1 to 9 or a letter',
  fourteenth: 'The 14th character of a GSTIN is a letter or a digit',
  check: 'This GSTIN does not check out: please look for a mistyped character',
} as const;

export type GstinVerdict =
  | { ok: true; gstin: string; stateCode: string; pan: string }
  | { ok: false; message: (typeof GSTIN_MESSAGES)[keyof typeof GSTIN_MESSAGES] };

const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The 15th character for the first fourteen: each character's value (0-9, A=10 .. Z=35) is multiplied by 1 and 2
 * in turn, each product's base-36 digits are added up, and the check is what brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARACTERS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS[(36 - (sum % 36)) % 36]!;
}

/** A GSTIN as people type it (any case, spaces) checked character by character; the first failing rule is named. */
export function checkGstin(typed: string): GstinVerdict {
  const gstin = typed.replace(/\s+/g, '').toUpperCase();
  if (gstin.length !== 15) return { ok: false, message: GSTIN_MESSAGES.length };
  const stateCode = gstin.slice(0, 2);
  if (!(stateCode in GST_STATES)) return { ok: false, message: GSTIN_MESSAGES.state };
  const pan = gstin.slice(2, 12);
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(pan)) return { ok: false, message: GSTIN_MESSAGES.pan };
  if (!/^[1-9A-Z]$/.test(gstin[12]!)) return { ok: false, message: GSTIN_MESSAGES.entity };
  if (!/^[0-9A-Z]$/.test(gstin[13]!)) return { ok: false, message: GSTIN_MESSAGES.fourteenth };
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14])
    return { ok: false, message: GSTIN_MESSAGES.check };
  return { ok: true, gstin, stateCode, pan };
}

/** "27 Maharashtra": how a document names a place of supply. */
export function gstStateLabel(stateCode: string): string {
  const name = GST_STATES[stateCode];
  return name ? `${stateCode} ${name}` : stateCode;
}
