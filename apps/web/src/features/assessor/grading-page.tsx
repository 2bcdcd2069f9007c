import { ComingSoon } from '../shell/coming-soon';
import { useDocumentTitle } from '../shell/document-title';

export function GradingPage() {
  useDocumentTitle('Grading');
  return (
    <ComingSoon
      title="Grading"
      subtitle="Review student submissions and record your assessment decisions."
      description="The grading screen is on its way. Soon submissions will appear here grouped by student, ready to grade one at a time or in bulk."
    />
  );
}
