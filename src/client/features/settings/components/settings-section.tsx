import type { ReactNode } from 'react';

interface SettingsSectionProps {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/**
 * One section of the settings page: its title and purpose on the left (wide screens), the form on
 * the right. `id` is also the section's anchor (/settings#subscription).
 */
export function SettingsSection({ id, title, description, children }: SettingsSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="grid scroll-mt-20 gap-4 border-t border-slate-200 pt-8 first:border-t-0 first:pt-0 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10"
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="mt-1 text-sm text-slate-600">{description}</div>
      </div>
      <div className="min-w-0">{children}</div>
    </section>
  );
}
