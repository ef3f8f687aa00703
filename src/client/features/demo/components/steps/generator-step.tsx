import { Clock, RefreshCw, Sparkles, Users } from 'lucide-react';
import { useState } from 'react';
import { PlatformMark } from '../../../../components/platform-mark';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { generatorForm, platformNames, type SampleIdea, sampleIdeaSets } from '../../demo-data';
import { MockScreenHeader, MockWindow } from '../mock-window';

const fieldClasses = 'cursor-default';

/** Step 3: the content generator, its form filled with sample answers and three sample posts. */
export function GeneratorStep() {
  const [setIndex, setSetIndex] = useState(0);
  const ideas = sampleIdeaSets[setIndex] ?? [];
  return (
    <MockWindow section="Content Generator">
      <MockScreenHeader
        title="Content Generator"
        description="Tell Kitepost about your business; it writes posts for each platform."
        actions={
          <p className="inline-flex items-center gap-1.5 rounded-full bg-indigo-50 px-3 py-1 text-xs font-semibold text-indigo-700">
            <Sparkles className="size-3.5" aria-hidden="true" />
            57 credits remaining
          </p>
        }
      />
      <section
        aria-labelledby="demo-generator-form"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h4 id="demo-generator-form" className="font-semibold text-slate-900">
          Your business
        </h4>
        <p className="mt-0.5 text-xs text-slate-600">Filled in with sample answers for the tour.</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {generatorForm.map((field) => {
            const id = `demo-${field.id}`;
            return (
              <div
                key={field.id}
                className={'multiline' in field ? 'grid gap-1.5 sm:col-span-2' : 'grid gap-1.5'}
              >
                <Label htmlFor={id}>{field.label}</Label>
                {'multiline' in field ? (
                  <textarea
                    id={id}
                    readOnly
                    rows={2}
                    value={field.value}
                    className={`field-sizing-content w-full resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus-visible:border-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500/30 focus-visible:outline-none ${fieldClasses}`}
                  />
                ) : (
                  <Input id={id} readOnly value={field.value} className={fieldClasses} />
                )}
              </div>
            );
          })}
        </div>
        <Button className="mt-5 w-full sm:w-auto" onClick={() => setSetIndex(0)}>
          <Sparkles aria-hidden="true" />
          Generate Content Ideas
        </Button>
      </section>

      <section aria-labelledby="demo-generated-ideas" className="mt-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h4 id="demo-generated-ideas" className="font-semibold text-slate-900">
              Generated ideas
            </h4>
            <p className="text-xs text-slate-600" aria-live="polite">
              Sample set {setIndex + 1} of {sampleIdeaSets.length}
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setSetIndex((index) => (index + 1) % sampleIdeaSets.length)}
          >
            <RefreshCw aria-hidden="true" />
            Generate More
          </Button>
        </div>
        <ul className="mt-3 grid gap-4 xl:grid-cols-3">
          {ideas.map((idea) => (
            <IdeaCard key={`${setIndex}-${idea.platform}`} idea={idea} />
          ))}
        </ul>
      </section>
    </MockWindow>
  );
}

function IdeaCard({ idea }: { idea: SampleIdea }) {
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <PlatformMark platform={idea.platform} size="sm" />
          <h5 className="font-semibold text-slate-900">{platformNames[idea.platform]}</h5>
        </div>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {idea.tone}
        </span>
      </div>
      <p className="mt-3 text-sm text-slate-700">{idea.content}</p>
      <p className="mt-2 mb-auto text-sm font-medium break-words text-indigo-700">
        {idea.hashtags.join(' ')}
      </p>
      <dl className="mt-4 grid gap-1.5 border-t border-slate-100 pt-3 text-xs">
        <div className="flex items-center justify-between gap-2">
          <dt className="flex items-center gap-1.5 text-slate-600">
            <Clock className="size-3.5" aria-hidden="true" />
            Best time
          </dt>
          <dd className="font-semibold text-slate-900">{idea.bestTime}</dd>
        </div>
        <div className="flex items-center justify-between gap-2">
          <dt className="flex items-center gap-1.5 text-slate-600">
            <Users className="size-3.5" aria-hidden="true" />
            Estimated reach
          </dt>
          <dd className="font-semibold text-slate-900">{idea.estimatedReach}</dd>
        </div>
      </dl>
    </li>
  );
}
