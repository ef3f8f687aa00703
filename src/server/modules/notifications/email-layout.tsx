import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { render } from '@react-email/render';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactElement, ReactNode } from 'react';

/*
 * The pieces every Kitepost email's HTML is made of (notices, invitations, the weekly report,
 * the lockout notice): one look, inline styles only (mail clients drop <style>). React escapes
 * every string it renders, so a customer's name or post is text, never markup (decision 046).
 */

export const emailColors = { brand: '#4f46e5', text: '#0f172a', muted: '#475569', faint: '#64748b' };

/** The whole document: a white card on a light page, holding `children` in order. */
export function EmailDocument({ children }: { children: ReactNode }) {
  return (
    <Html lang="en">
      <Body
        style={{
          margin: 0,
          padding: '24px',
          background: '#f8fafc',
          fontFamily: 'system-ui,-apple-system,Segoe UI,Roboto,sans-serif',
          color: emailColors.text,
        }}
      >
        <Container
          style={{
            maxWidth: '560px',
            margin: '0 auto',
            background: '#ffffff',
            border: '1px solid #e2e8f0',
            borderRadius: '12px',
            padding: '24px',
          }}
        >
          {children}
        </Container>
      </Body>
    </Html>
  );
}

/** The heading inside the card. */
export function EmailHeading({ children }: { children: string }) {
  return (
    <Heading as="h1" style={{ margin: '0 0 12px', fontSize: '18px' }}>
      {children}
    </Heading>
  );
}

export function EmailParagraph({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <Text style={{ margin: '0 0 16px', fontSize: '14px', lineHeight: '22px', ...style }}>{children}</Text>
  );
}

/** Text with line breaks kept (a notice's body may have several lines). */
export function Lines({ text }: { text: string }) {
  const lines = text.split('\n');
  return (
    <>
      {lines.map((line, index) => (
        // Lines have no identity beyond their place.
        // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
        <span key={index}>
          {line}
          {index < lines.length - 1 ? <br /> : null}
        </span>
      ))}
    </>
  );
}

/** The call to action: a link drawn as the brand's button, in its own paragraph. */
export function EmailButton({ href, children }: { href: string; children: string }) {
  return (
    <EmailParagraph>
      <Link
        href={href}
        style={{
          display: 'inline-block',
          background: emailColors.brand,
          color: '#ffffff',
          textDecoration: 'none',
          padding: '10px 16px',
          borderRadius: '8px',
          fontWeight: 600,
        }}
      >
        {children}
      </Link>
    </EmailParagraph>
  );
}

export function EmailLink({
  href,
  children,
  style,
}: {
  href: string;
  children: string;
  style?: CSSProperties;
}) {
  return (
    <Link href={href} style={{ color: emailColors.brand, ...style }}>
      {children}
    </Link>
  );
}

/** The small grey line at the bottom of the card. */
export function EmailFooter({ children }: { children: ReactNode }) {
  return (
    <EmailParagraph style={{ margin: '24px 0 0', fontSize: '12px', color: emailColors.faint }}>
      {children}
    </EmailParagraph>
  );
}

/** The HTML part of a message. */
export function renderEmailHtml(email: ReactElement): Promise<string> {
  return render(email);
}
