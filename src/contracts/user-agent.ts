/** A signed-in device as a person would name it: 'Chrome on macOS', 'Safari on iPhone'. */
export interface DeviceDescription {
  /** 'Chrome', 'Firefox'...; for a program that is not a browser, its own name ('curl'). */
  browser: string | null;
  os: string | null;
  /** Phones and tablets: the list shows a phone icon rather than a screen. */
  mobile: boolean;
  label: string;
}

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", and Chrome says "Safari".
const browsers: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bAppleWebKit\/.*\bMobile\//, 'Safari'],
];

// iPhone and iPad before macOS: their agents say "like Mac OS X". Android before Linux.
const systems: Array<[RegExp, string, boolean]> = [
  [/\biPhone\b|\biPod\b/, 'iPhone', true],
  [/\biPad\b/, 'iPad', true],
  [/\bAndroid\b/, 'Android', true],
  [/\bWindows\b/, 'Windows', false],
  [/\bCrOS\b/, 'ChromeOS', false],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS', false],
  [/\bLinux\b|\bX11\b/, 'Linux', false],
];

/** Reads a User-Agent header into plain words; never throws, whatever the header says. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const agent = userAgent?.trim() ?? '';
  if (!agent) return { browser: null, os: null, mobile: false, label: 'Unknown device' };

  const system = systems.find(([pattern]) => pattern.test(agent));
  const os = system?.[1] ?? null;
  const mobile = system?.[2] ?? /\bMobile\b/.test(agent);
  const browser =
    browsers.find(([pattern]) => pattern.test(agent))?.[1] ??
    // Not a browser we know (curl, a script): its first product token says what it is.
    (os ? null : programName(agent));

  const label =
    browser && os ? `${browser} on ${os}` : (browser ?? (os ? `A browser on ${os}` : 'Unknown device'));
  return { browser, os, mobile, label };
}

/** 'curl/8.4.0' -> 'curl'; a token that does not look like a program's name gives null. */
function programName(agent: string): string | null {
  const token = agent.split(/[\s/]/)[0] ?? '';
  return /^[A-Za-z][\w.-]{0,39}$/.test(token) && token !== 'Mozilla' ? token : null;
}
