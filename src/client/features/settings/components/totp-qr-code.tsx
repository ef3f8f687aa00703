import { LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';

/**
 * The otpauth:// URI as a QR code, drawn in the browser: the secret never goes to an outside
 * service. `qrcode` is loaded only when the setup reaches this step (it is not in the main bundle).
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qrcode) => qrcode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((markup) => {
        if (current) setSvg(markup);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [uri]);

  const frame = 'flex size-44 items-center justify-center rounded-lg border border-slate-200 bg-white p-2';
  if (failed) {
    return (
      <p className={`${frame} text-center text-xs text-slate-600`}>
        The QR code could not be drawn. Type the key below into your app instead.
      </p>
    );
  }
  if (!svg) {
    return (
      <div className={frame} role="status">
        <LoaderCircle className="size-5 animate-spin text-indigo-600" aria-hidden="true" />
        <span className="sr-only">Drawing the QR code...</span>
      </div>
    );
  }
  return (
    <div
      role="img"
      aria-label="QR code to scan with your authenticator app"
      className={`${frame} [&>svg]:size-full`}
      // The markup is qrcode's own SVG of the URI (paths only, no text from the page).
      // biome-ignore lint/security/noDangerouslySetInnerHtml: generated locally by qrcode, not user HTML
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
