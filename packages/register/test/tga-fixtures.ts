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

// As the register publishes them: framing in a paragraph, then nested lists; skills in a table.
const KNOWLEDGE_EVIDENCE_HTML = `<p>The candidate must be able to demonstrate knowledge to complete the tasks outlined in the
elements, performance criteria and foundation skills of this unit, including knowledge of:</p>
<ul>
  <li>hazards associated with work at heights</li>
  <li>fall protection equipment, including:
    <ul><li>harnesses and lanyards</li><li>anchor points &amp; static lines</li></ul>
  </li>
  <li>relevant legislation, including:
    <ul><li>work health and safety regulations</li><li>codes of practice for falls</li></ul>
  </li>
</ul>`;

const ASSESSMENT_CONDITIONS_HTML = `<p>Assessment of the skills in this unit of competency must take place under the following conditions:</p>
<ul>
  <li>physical conditions:<ul><li>a workplace or an environment that accurately represents workplace conditions</li></ul></li>
  <li>resources, equipment and materials:<ul><li>fall arrest harness</li><li>anchor points</li></ul></li>
</ul>
<p>Assessors of this unit must satisfy the requirements for assessors in applicable vocational education and training legislation, frameworks and/or standards.</p>`;

const FOUNDATION_SKILLS_HTML = `<p>This section describes those language, literacy, numeracy and employment skills that are essential to performance.</p>
<table>
<tr><th><p>Skill</p></th><th><p>Performance Criteria</p></th><th><p>Description</p></th></tr>
<tr><td><p>Reading</p></td><td><p>1.1, 1.2</p></td><td><ul><li>Interprets safety documents</li><li>Reads equipment tags</li></ul></td></tr>
<tr><td><p>Oral communication</p></td><td><p>1.4</p></td><td><p>Agrees signals with the team</p></td></tr>
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
      { contentType: 'KnowledgeEvidence', title: 'Knowledge evidence', content: KNOWLEDGE_EVIDENCE_HTML },
      { contentType: 'AssessmentConditions', content: null },
      { title: 'Assessment conditions', content: ASSESSMENT_CONDITIONS_HTML },
      { contentType: 'FoundationSkills', title: 'Foundation skills', content: FOUNDATION_SKILLS_HTML },
    ],
  },
};
