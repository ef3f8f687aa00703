import { type RefObject, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/when-idle';

/** True once the element comes near the viewport or the browser has been idle, whichever is first. */
export function useNearViewportOrIdle(ref: RefObject<Element | null>, margin = '600px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    let done = false;
    const reveal = () => {
      if (!done) {
        done = true;
        setNear(true);
      }
    };
    whenIdle(reveal);
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reveal();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => {
      done = true;
      observer.disconnect();
    };
  }, [ref, margin, near]);
  return near;
}
