'use client';
import { useEffect, useState } from 'react';

/** Presenter view: the page header and the introduction go (`html[data-present]`), so that the picture fits a projector's screen. */
export function usePresenter(): [boolean, (update: (on: boolean) => boolean) => void] {
  const [presenting, setPresenting] = useState(false);
  useEffect(() => {
    if (presenting) document.documentElement.dataset.present = 'true';
    else delete document.documentElement.dataset.present;
    return () => {
      delete document.documentElement.dataset.present;
    };
  }, [presenting]);
  return [presenting, setPresenting];
}
