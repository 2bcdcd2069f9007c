/*
 * Answers in training.gov.au's wire format for the client's tests: a unit at heights with its
 * current release, a Performance Evidence bundle and a criteria table.
 */

const PERFORMANCE_EVIDENCE_HTML = `<div>
<p>Evidence required to demonstrate competence must satisfy all of the requirements of the elements and
performance criteria. The candidate must work safely at heights on at least <strong>two</strong> occasions, including:</p>
<ul>
  <li>interpreting safety documents &amp; site procedures:
    <ul>
      <li>safe work method statements&nbsp;(SWMS)</li>
      <li>rescue plans &ndash; including &lsquo;suspension trauma&rsquo;
        <ul><li>&lt;Class 1&gt; anchors</li></ul>
      </li>
    </ul>
  </li>
  <li>inspecting   harnesses
      and lanyards</li>
</ul>
<p>In the course of the above, the candidate must:</p>
<ol><li>communicate with others on site</li></ol>
</div>`;

export const PERFORMANCE_EVIDENCE_TEXT = [
  'Evidence required to demonstrate competence must satisfy all of the requirements of the elements and performance criteria. The candidate must work safely at heights on at least two occasions, including:',
  'interpreting safety documents & site procedures:',
  '  safe work method statements (SWMS)',
  '  rescue plans – including ‘suspension trauma’',
  '    <Class 1> anchors',
  'inspecting harnesses and lanyards',
  'In the course of the above, the candidate must:',
  'communicate with others on site',
].join('\n');

const PERFORMANCE_CRITERIA_HTML = `<table>
<tr><td><p>ELEMENT</p></td><td><p>PERFORMANCE CRITERIA</p></td></tr>
<tr><td><p>Elements describe the essential outcomes</p></td>
    <td><p>Performance criteria describe the performance needed to demonstrate achievement of the element.</p></td></tr>
<tr><td><p>1. Plan and prepare for work</p></td>
    <td><p>1.1 Access &amp; interpret work documents</p><p>1.2 Identify fall hazards</p></td></tr>
<tr><td><p>2.</p><p>Install fall protection</p></td>
    <td><p>2.1</p><p>Select anchor points</p><p>2.2 Fit the harness, including:</p>
        <ul><li>checking straps</li><li>adjusting the fit</li></ul></td></tr>
</table>`;

export function component(code: string, title: string) {
  return {
    code,
    title,
    componentType: ['Unit'],
    isCurrent: true,
    releases: [
      { releaseNumber: '1', releaseDate: '2016-01-01T00:00:00', currency: 'Superseded' },
      { releaseNumber: '2', releaseDate: '2022-05-01T00:00:00', currency: 'Current', unknownField: { a: 1 } },
    ],
  };
}

export function release(bundleIds: string[]) {
  return { releaseNumber: '2', contentBundles: bundleIds.map((id) => ({ id, type: 'Unit' })) };
}

export const bundles = {
  '/api/content/bundle/pe-1': {
    id: 'pe-1',
    items: [
      { contentType: 'Application', title: 'Application', content: '<p>This unit describes...</p>' },
      {
        contentType: 'PerformanceEvidence',
        title: 'Performance evidence',
        content: PERFORMANCE_EVIDENCE_HTML,
      },
    ],
  },
  '/api/content/bundle/pc-1': {
    id: 'pc-1',
    items: [
      {
        contentType: 'PerformanceCriteria',
        title: 'Elements and performance criteria',
        content: PERFORMANCE_CRITERIA_HTML,
      },
      { contentType: 'KnowledgeEvidence', content: '<ul><li>fall arrest principles</li></ul>' },
      { contentType: 'AssessmentConditions', content: null },
    ],
  },
};
