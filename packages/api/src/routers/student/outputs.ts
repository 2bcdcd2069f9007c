import { unitOutcomeValues } from '@evident/core/unit-outcome-values';
import { z } from 'zod';
import { submissionStatusOutput } from '../../views/common-outputs';
import { taskOutput } from '../../views/curriculum-outputs';

// What the `student.*` procedures answer where no file of their own holds the shape.

/** `student.tasks.list`: the student's tasks with their unit and their own submission, if any. */
export const studentTasksOutput = z.array(
  taskOutput.extend({
    unitCode: z.string(),
    unitTitle: z.string(),
    unit: z.object({ id: z.string(), unitCode: z.string(), title: z.string() }),
    submission: z
      .object({
        id: z.string(),
        status: submissionStatusOutput,
        assessorComment: z.string().nullable(),
        fileCount: z.number(),
      })
      .nullable(),
  }),
);

/** `student.unitOutcomes.list`: the outcome standing in each unit that has one (issue 29). */
export const studentOutcomesOutput = z.array(
  z.object({
    unitId: z.string(),
    outcome: z.enum(unitOutcomeValues),
    /** For Not Yet Competent: what the student still has to show. */
    remaining: z.string().nullable(),
    createdAt: z.date(),
  }),
);

export const setUpOptionsOutput = z.object({ selfEnrol: z.enum(['open', 'invitation']) });

/** `created`: this set-up generated the unit's tasks; false when the student joined tasks that existed. */
export const setUpOutput = z.object({
  taskCount: z.number(),
  unitId: z.string(),
  unitCode: z.string(),
  created: z.boolean(),
});

/** The parts of a multipart upload the bucket holds (`MultipartListing`). */
export const uploadedPartsOutput = z.object({
  parts: z.array(z.object({ part: z.number(), size: z.number() })),
  /** True once the parts were joined into the object (`size`); nothing is left to send. */
  complete: z.boolean(),
  size: z.number().optional(),
});

export const completedUploadOutput = z.object({ size: z.number() });
