/*
 * Register-style Performance Evidence written for the offline generator's tests, in the shapes
 * training.gov.au uses: bulleted, flat, nested, with framing sentences, headings and occasions.
 */
export const registerStyleUnits = [
  {
    unitCode: 'TLILIC0003',
    title: 'Licence to operate a forklift truck',
    performanceEvidence: [
      'Evidence required to demonstrate competence in this unit must be relevant to and satisfy all of the requirements of the elements and performance criteria on at least one occasion and include:',
      '- accessing, interpreting and applying forklift operating documentation',
      '- conducting routine checks on the forklift before use',
      '- selecting the appropriate forklift for the load and work area',
      '- identifying and assessing hazards and implementing control measures',
      '- carrying out the following operational manoeuvres:',
      '  - travelling the forklift forward and in reverse',
      '  - lifting, carrying and placing loads',
      '  - stacking and de-stacking loads',
      '- reporting faults and damage to the supervisor',
      '- shutting down and securing the forklift',
      '- communicating effectively with others in the work area',
      '- completing workplace documentation, including logbooks and pre-start checklists',
    ].join('\n'),
  },
  {
    unitCode: 'CPCCWHS2001',
    title: 'Apply WHS requirements, policies and procedures in the construction industry',
    performanceEvidence: [
      'The candidate must demonstrate the ability to complete the tasks outlined in the elements, performance criteria and foundation skills of this unit, including evidence of the ability to:',
      'identify and follow WHS legislation, safe work procedures and instructions on at least two occasions',
      'identify, assess and report hazards in the work area, including:',
      '  manual handling',
      '  electrical hazards',
      '  working at heights',
      '  hazardous materials',
      'select, fit, use and maintain personal protective equipment',
      'participate in a toolbox talk and a WHS meeting',
      'respond to an emergency, including following evacuation procedures',
      'complete WHS documentation, including an incident report',
    ].join('\n'),
  },
  {
    unitCode: 'SIRXCEG001',
    title: 'Engage the customer',
    performanceEvidence: [
      'Evidence of the ability to:',
      '• use verbal and non-verbal communication techniques to engage customers',
      '• identify customer needs by asking questions and actively listening',
      '• provide information about products and services',
      '• respond to customer complaints and enquiries',
      '• demonstrate knowledge of the organisation’s products and services',
      '• maintain the presentation of the sales area',
    ].join('\n'),
  },
  {
    unitCode: 'CPCCCM2001',
    title: 'Read and interpret plans',
    performanceEvidence: [
      'The candidate must demonstrate the ability to complete the tasks outlined in the elements, performance criteria and foundation skills of this unit, including evidence of the ability to:',
      'locate and explain the site emergency procedures',
      'read and interpret plans and specifications for a small building job',
      'calculate quantities of materials from the plans',
      'measure and mark out the work area accurately',
      'check tools and equipment for faults before use',
      'apply safe manual handling techniques when moving materials',
      'communicate with the supervisor about the work sequence',
      'clean up the work area and store tools safely',
      'demonstrate understanding of the relevant building codes',
    ].join('\n'),
  },
  {
    unitCode: 'BSBOPS203',
    title: 'Deliver a service to customers',
    performanceEvidence: [
      'Evidence of the ability to:',
      '- identify customer needs and expectations on at least three occasions',
      '- deliver a service to customers according to organisational requirements',
      '- handle a customer complaint',
      '- record customer feedback in the customer relationship management system',
      '- seek feedback from customers on service quality',
    ].join('\n'),
  },
];
