import { Quote, Star } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { initialsOf, testimonials } from '../content';
import { SectionHeading } from './section-heading';

export function TestimonialsSection() {
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="scroll-mt-20 bg-white py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Loved by 10,000+ businesses"
          description="Bakeries, studios, agencies and shops use Kitepost to show up on social every day."
        />
        <div className="mt-14 grid gap-6 md:grid-cols-3">
          {testimonials.map((testimonial) => (
            <figure
              key={testimonial.name}
              className="flex flex-col rounded-2xl border border-slate-200 bg-slate-50/50 p-6 shadow-sm"
            >
              <div className="flex items-center justify-between">
                <Quote className="size-7 text-indigo-300" aria-hidden="true" />
                <p className="flex gap-0.5 text-amber-400">
                  {[1, 2, 3, 4, 5].map((star) => (
                    <Star key={star} className="size-4 fill-current" aria-hidden="true" />
                  ))}
                  <span className="sr-only">Rated 5 out of 5</span>
                </p>
              </div>
              <blockquote className="mt-4 flex-1 text-pretty text-slate-700">
                <p>{testimonial.content}</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-11 shrink-0 items-center justify-center rounded-full bg-gradient-to-br text-sm font-semibold text-white shadow-sm ring-2 ring-white',
                    testimonial.avatar,
                  )}
                >
                  {initialsOf(testimonial.name)}
                </span>
                <span>
                  <span className="block text-sm font-semibold text-slate-900">{testimonial.name}</span>
                  <span className="block text-sm text-slate-600">{testimonial.role}</span>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
