import { useState } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DemoIntro } from './components/demo-intro';
import { DemoTour } from './components/demo-tour';
import { useCloseDemo } from './use-close-demo';

/**
 * /demo: the guided tour (spec §2 "Demo", §4): an intro card, then six steps of static sample
 * data. Starting always begins at step 1.
 */
export function DemoPage() {
  const [started, setStarted] = useState(false);
  const [step, setStep] = useState(0);
  const closeDemo = useCloseDemo();
  useDocumentTitle('Product tour — Kitepost');

  if (!started) {
    return (
      <DemoIntro
        onStart={() => {
          setStep(0);
          setStarted(true);
        }}
        onClose={closeDemo}
      />
    );
  }
  return <DemoTour step={step} onStepChange={setStep} onClose={closeDemo} />;
}
