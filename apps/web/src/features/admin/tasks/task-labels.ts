import type { EvidenceType } from '@evident/core/curriculum';
import {
  IconCamera,
  IconFileText,
  IconFileTypePdf,
  IconMicrophone,
  IconVideo,
  type TablerIcon,
} from '@tabler/icons-react';

export const evidenceTypeLabels: Record<EvidenceType, { label: string; icon: TablerIcon }> = {
  photo: { label: 'Photo', icon: IconCamera },
  audio: { label: 'Audio', icon: IconMicrophone },
  pdf: { label: 'PDF', icon: IconFileTypePdf },
  document: { label: 'Document', icon: IconFileText },
  video: { label: 'Video', icon: IconVideo },
};
