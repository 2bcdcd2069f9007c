import { createContext, type Services } from '@evident/api/context';
import { asTrpcError, httpStatusOf, publicMessage } from '@evident/api/errors';
import { createCaller } from '@evident/api/root';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../request-credentials';
import { renderAssessmentRecordPdf } from './assessment-record-pdf';

/** A file name any system accepts: the unit code and the student's name in plain letters. */
function recordFileName(unitCode: string, firstName: string, lastName: string): string {
  const plain = `${unitCode}-${firstName}-${lastName}`
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '')
    .replace(/-+/g, '-');
  return `assessment-record-${plain || 'student'}.pdf`;
}

/**
 * `GET /api/assessor/reports/:studentId/:unitId.pdf`: a student's assessment record as a PDF. A plain
 * GET route rather than a tRPC call, so a link downloads it, any PDF reader opens it, and no base64
 * copy is held in the browser. The data comes through `staff.records.get`, so the same role
 * and approval checks answer, with the spec's text errors.
 */
export async function reportRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get<{ Params: { studentId: string; unitId: string } }>(
    '/api/assessor/reports/:studentId/:unitId.pdf',
    async (req, reply) => {
      const ctx = await createContext(services, requestMeta(services, req, reply));
      try {
        const record = await createCaller(ctx).staff.records.get(req.params);
        const pdf = await renderAssessmentRecordPdf(record);
        const name = recordFileName(record.unit.unitCode, record.student.firstName, record.student.lastName);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      } catch (thrown) {
        const error = asTrpcError(thrown);
        const status = httpStatusOf(error);
        if (status >= 500) services.log.error(error.cause ?? error, 'assessment record failed');
        return reply.code(status).type('text/plain; charset=utf-8').send(publicMessage(error));
      }
    },
  );
}
