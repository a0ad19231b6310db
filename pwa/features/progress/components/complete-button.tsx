import { CheckCircle } from 'lucide-react';

export interface CompleteButtonProps {
  contentType: 'video' | 'blog';
  contentId: number;
}

export function CompleteButton(_props: CompleteButtonProps) {
  return (
    <button type="button" className="btn btn-outline btn-sm">
      <CheckCircle aria-hidden="true" className="size-4" /> Mark Complete
    </button>
  );
}
