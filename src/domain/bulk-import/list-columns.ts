import { normaliseHeader, recogniseHeaders } from '../csv/recognise-headers';

/** What a column of an owner list can hold (issue 41): the owner, the property, its value, the owner's mailing address and contacts, repairs. */
export const LIST_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'address',
  'city',
  'state',
  'zip',
  'marketValue',
  'email',
  'phone',
  'mailingAddress',
  'mailingCity',
  'mailingState',
  'mailingZip',
  'repairs',
  'squareFeet',
  'condition',
] as const;

export type ListField = (typeof LIST_FIELDS)[number];

/** A column picked by the user for a field, by its header as the file spells it. */
export type ColumnMapping = Partial<Record<ListField, string>>;

/** What the review's mapping step calls each field. */
export const listFieldLabels: Record<ListField, string> = {
  firstName: 'Owner first name',
  lastName: 'Owner last name',
  fullName: 'Owner name',
  address: 'Property address',
  city: 'Property city',
  state: 'Property state',
  zip: 'Property ZIP',
  marketValue: 'Market value',
  email: 'E-mail',
  phone: 'Phone',
  mailingAddress: 'Mailing address',
  mailingCity: 'Mailing city',
  mailingState: 'Mailing state',
  mailingZip: 'Mailing ZIP',
  repairs: 'Repairs',
  squareFeet: 'Square feet',
  condition: 'Condition',
};

/** The fields without which no offer can be made: the mapping step asks for them when no column is recognised. */
export const NEEDED_LIST_FIELDS = ['address', 'marketValue'] as const satisfies readonly ListField[];

const numbered = (stem: string, from = 1, to = 5) =>
  Array.from({ length: to - from + 1 }, (_, at) => `${stem}${from + at}`);

/**
 * The one table of list headers, normalised (normaliseHeader: lower case, no spaces or
 * punctuation), by field, likeliest first: the spec's own columns (§5), PropStream ('Owner 1
 * First Name', 'Est. Value', 'Mailing Address', 'Email 1', 'Phone 1'), DealMachine
 * ('owner_address_line_1', 'estimated_value', 'email_address_1'), BatchLeads ('Property City',
 * 'Mailing Zip', 'Mobile 1'), county tax rolls ('Situs Address', 'Owner Name', 'Assessed Value',
 * 'Mail Address') and hand-made lists.
 */
export const listColumnAliases: Readonly<Record<ListField, readonly string[]>> = {
  firstName: ['firstname', 'owner1firstname', 'ownerfirstname', 'owner1first', 'first'],
  lastName: ['lastname', 'owner1lastname', 'ownerlastname', 'owner1last', 'last', 'surname'],
  fullName: ['name', 'fullname', 'ownername', 'owner1name', 'owner1fullname', 'ownerfullname'],
  address: [
    'address',
    'propertyaddress',
    'streetaddress',
    'propertystreetaddress',
    'propertyaddressline1',
    'propertystreet',
    'street',
    'situsaddress',
    'situsstreetaddress',
    'siteaddress',
    'addressline1',
    'propertyaddressfull',
  ],
  city: ['city', 'propertycity', 'propertyaddresscity', 'situscity', 'sitecity'],
  state: ['state', 'propertystate', 'propertyaddressstate', 'situsstate', 'sitestate', 'st'],
  zip: [
    'zip',
    'zipcode',
    'propertyzip',
    'propertyzipcode',
    'propertyaddresszip',
    'propertyaddresszipcode',
    'situszip',
    'situszipcode',
    'sitezip',
    'postalcode',
    'zip5',
  ],
  marketValue: [
    'marketvalue',
    'estvalue',
    'estimatedvalue',
    'estimatedmarketvalue',
    'estimatedpropertyvalue',
    'propertyvalue',
    'avm',
    'assessedvalue',
    'totalassessedvalue',
    'totalmarketvalue',
    'appraisedvalue',
    'value',
  ],
  email: ['email', ...numbered('email'), 'emailaddress', ...numbered('emailaddress'), 'owneremail'],
  phone: [
    'phone',
    ...numbered('phone'),
    'phonenumber',
    'mobile',
    ...numbered('mobile'),
    'mobilephone',
    'cell',
    'cellphone',
    'ownerphone',
    'landline',
    ...numbered('landline'),
  ],
  mailingAddress: [
    'mailingaddress',
    'mailaddress',
    'ownermailingaddress',
    'mailingstreetaddress',
    'mailingstreet',
    'mailingaddressline1',
    'owneraddress',
    'owneraddressline1',
  ],
  mailingCity: ['mailingcity', 'mailcity', 'ownermailingcity', 'owneraddresscity', 'ownercity'],
  mailingState: ['mailingstate', 'mailstate', 'ownermailingstate', 'owneraddressstate', 'ownerstate'],
  mailingZip: [
    'mailingzip',
    'mailingzipcode',
    'mailzip',
    'mailzipcode',
    'ownermailingzip',
    'owneraddresszip',
    'owneraddresszipcode',
    'ownerzip',
    'mailingpostalcode',
  ],
  repairs: ['repairs', 'rehab', 'repaircost', 'repaircosts', 'estimatedrepairs', 'rehabcost', 'repairestimate'],
  squareFeet: ['squarefeet', 'sqft', 'livingsqft', 'buildingsqft', 'livingarea', 'livingsquarefeet', 'buildingarea'],
  condition: ['condition', 'propertycondition'],
};

/**
 * The columns each list field is read from: a column the user mapped to a field (matched by its
 * normalised header) comes first, then the recognised spellings. A mapped column is read for
 * that field only.
 */
export function recogniseListColumns(
  headers: readonly string[],
  mapping: ColumnMapping = {},
): Record<ListField, number[]> {
  const columns = recogniseHeaders(listColumnAliases, headers);
  const normalised = headers.map(normaliseHeader);
  for (const field of LIST_FIELDS) {
    const mapped = mapping[field];
    if (mapped === undefined) continue;
    const index = normalised.indexOf(normaliseHeader(mapped));
    if (index === -1) continue;
    for (const other of LIST_FIELDS) columns[other] = columns[other].filter((column) => column !== index);
    columns[field] = [index, ...columns[field]];
  }
  return columns;
}

/** The owner's mailing address: optional (absent, the property's own), offered by the mapping step when not recognised. */
export const MAILING_LIST_FIELDS = [
  'mailingAddress',
  'mailingCity',
  'mailingState',
  'mailingZip',
] as const satisfies readonly ListField[];

/** The mailing-address fields (MAILING_LIST_FIELDS) no column is read for: the mapping step offers them, none required. */
export function unrecognisedMailingFields(
  headers: readonly string[],
  mapping: ColumnMapping = {},
): (typeof MAILING_LIST_FIELDS)[number][] {
  const columns = recogniseListColumns(headers, mapping);
  return MAILING_LIST_FIELDS.filter((field) => columns[field].length === 0);
}

/** The needed fields (NEEDED_LIST_FIELDS) no column is read for, which the mapping step asks for. */
export function unrecognisedNeededFields(
  headers: readonly string[],
  mapping: ColumnMapping = {},
): (typeof NEEDED_LIST_FIELDS)[number][] {
  const columns = recogniseListColumns(headers, mapping);
  // §5 reads an address from any column whose name holds 'address' (not 'email').
  const anyAddress = headers.some((header) => /address/i.test(header) && !/email/i.test(header));
  return NEEDED_LIST_FIELDS.filter((field) =>
    field === 'address' ? columns.address.length === 0 && !anyAddress : columns[field].length === 0,
  );
}
