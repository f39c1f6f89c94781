import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * A form's unsaved-changes flag and its way out after a save. `saved(path)` marks the form clean and leaves
 * only once it has rendered clean, so the leave guard (which reads `dirty`) lets the navigation pass.
 */
export function useSaveAndLeave() {
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  // each save renders once more, even when the form was already clean
  const [saves, setSaves] = useState(0);
  const leaveTo = useRef<string>(undefined);
  useEffect(() => {
    const path = leaveTo.current;
    if (!path || dirty) return;
    leaveTo.current = undefined;
    navigate(path);
  }, [saves, dirty, navigate]);
  return {
    dirty,
    setDirty,
    saved: (path: string) => {
      leaveTo.current = path;
      setDirty(false);
      setSaves((n) => n + 1);
    },
  };
}
