// The fixed catalogue of the simulated site: tenants, device types, devices, event categories,
// event types, subcode categories, subcodes and cardholder types. Pure data plus lookups;
// DECISIONS.md lists the same ids (a test keeps the two in step).

export interface Tenant { id: number; name: string }
export interface DeviceType { id: number; name: string }
export interface Device { id: number; name: string; deviceType: number; tenant: number; panelId: number | null }
export interface EventCategory { id: number; name: string }
export interface EventType {
  id: number;
  name: string;
  categoryId: number;
  isAlarm: boolean;
  /** Subcodes this type is produced with; the first one is the default. */
  subcodeIds: readonly number[];
  /** Device types that produce it; the first device of the first type is the default device. */
  deviceTypes: readonly number[];
}
export interface SubcodeCategory { id: number; name: string }
export interface Subcode { id: number; name: string; subcodeCategoryId: number; customText: string }
export interface CardHolderType { id: number; name: string }

export const TENANTS: readonly Tenant[] = [
  { id: 0, name: 'Building (shared)' },
  { id: 1, name: 'Northwind Traders' },
  { id: 2, name: 'Contoso Labs' },
  { id: 3, name: 'Fabrikam Logistics' },
];

export const DEVICE_TYPE = { server: 1, panel: 2, door: 3, reader: 4 } as const;

export const DEVICE_TYPES: readonly DeviceType[] = [
  { id: DEVICE_TYPE.server, name: 'Server' },
  { id: DEVICE_TYPE.panel, name: 'Panel' },
  { id: DEVICE_TYPE.door, name: 'Door' },
  { id: DEVICE_TYPE.reader, name: 'Reader' },
];

function door(id: number, name: string, tenant: number, panelId: number): Device {
  return { id, name, deviceType: DEVICE_TYPE.door, tenant, panelId };
}
function reader(id: number, name: string, tenant: number, panelId: number): Device {
  return { id, name, deviceType: DEVICE_TYPE.reader, tenant, panelId };
}

export const DEVICES: readonly Device[] = [
  { id: 1, name: 'Access Server', deviceType: DEVICE_TYPE.server, tenant: 0, panelId: null },
  { id: 101, name: 'Panel A – Lobby', deviceType: DEVICE_TYPE.panel, tenant: 0, panelId: null },
  { id: 102, name: 'Panel B – Level 2', deviceType: DEVICE_TYPE.panel, tenant: 1, panelId: null },
  { id: 103, name: 'Panel C – Level 3', deviceType: DEVICE_TYPE.panel, tenant: 2, panelId: null },
  { id: 104, name: 'Panel D – Warehouse', deviceType: DEVICE_TYPE.panel, tenant: 3, panelId: null },
  door(201, 'Main Entrance', 0, 101),
  door(202, 'Lobby Turnstile 1', 0, 101),
  door(203, 'Lobby Turnstile 2', 0, 101),
  door(204, 'Car Park Barrier', 0, 101),
  door(205, 'Café Rear Door', 0, 101),
  door(206, 'Level 2 North Wing', 1, 102),
  door(207, 'Level 2 Server Room', 1, 102),
  door(208, 'Level 3 Lab Entrance', 2, 103),
  door(209, 'Level 3 Clean Room', 2, 103),
  door(210, 'Warehouse Loading Dock', 3, 104),
  door(211, 'Warehouse Side Exit', 3, 104),
  door(212, 'Roof Access', 0, 101),
  reader(301, 'Main Entrance Reader In', 0, 101),
  reader(302, 'Main Entrance Reader Out', 0, 101),
  reader(303, 'Lobby Turnstile 1 Reader', 0, 101),
  reader(304, 'Lobby Turnstile 2 Reader', 0, 101),
  reader(305, 'Car Park Barrier Reader', 0, 101),
  reader(306, 'Café Rear Door Reader', 0, 101),
  reader(307, 'Level 2 North Wing Reader', 1, 102),
  reader(308, 'Level 2 Server Room Reader', 1, 102),
  reader(309, 'Level 3 Lab Entrance Reader', 2, 103),
  reader(310, 'Level 3 Clean Room Reader', 2, 103),
  reader(311, 'Warehouse Loading Dock Reader', 3, 104),
  reader(312, 'Warehouse Side Exit Reader', 3, 104),
  reader(313, 'Roof Access Reader', 0, 101),
];

export const EVENT_CATEGORIES: readonly EventCategory[] = [
  { id: 1, name: 'Access Granted' },
  { id: 2, name: 'Access Denied' },
  { id: 3, name: 'Door Alarm' },
  { id: 4, name: 'Device Status' },
  { id: 5, name: 'System' },
];

export const SUBCODE_CATEGORIES: readonly SubcodeCategory[] = [
  { id: 1, name: 'Credential' },
  { id: 2, name: 'Schedule and rules' },
  { id: 3, name: 'Door state' },
  { id: 4, name: 'Communication' },
  { id: 5, name: 'Operator' },
];

export const SUBCODES: readonly Subcode[] = [
  { id: 11, name: 'Card accepted', subcodeCategoryId: 1, customText: 'Granted' },
  { id: 12, name: 'Card and PIN accepted', subcodeCategoryId: 1, customText: 'Granted (card + PIN)' },
  { id: 13, name: 'Unknown card', subcodeCategoryId: 1, customText: 'Denied: unknown card' },
  { id: 14, name: 'Card expired', subcodeCategoryId: 1, customText: 'Denied: card expired' },
  { id: 15, name: 'Wrong PIN', subcodeCategoryId: 1, customText: 'Denied: wrong PIN' },
  { id: 21, name: 'Outside time schedule', subcodeCategoryId: 2, customText: 'Denied: outside time schedule' },
  { id: 22, name: 'No access right at this door', subcodeCategoryId: 2, customText: 'Denied: no access right' },
  { id: 23, name: 'Anti-passback violation', subcodeCategoryId: 2, customText: 'Denied: anti-passback' },
  { id: 31, name: 'Door forced', subcodeCategoryId: 3, customText: 'FORCED OPEN' },
  { id: 32, name: 'Door held beyond limit', subcodeCategoryId: 3, customText: 'HELD OPEN' },
  { id: 33, name: 'Door secured', subcodeCategoryId: 3, customText: 'SECURE' },
  { id: 41, name: 'Link up', subcodeCategoryId: 4, customText: 'ONLINE' },
  { id: 42, name: 'Link down', subcodeCategoryId: 4, customText: 'OFFLINE' },
  { id: 43, name: 'Enclosure opened', subcodeCategoryId: 4, customText: 'TAMPER' },
  { id: 51, name: 'Operator command', subcodeCategoryId: 5, customText: 'Unlocked by operator' },
  { id: 52, name: 'Service lifecycle', subcodeCategoryId: 5, customText: 'Service started' },
];

export const EVENT_TYPE = {
  accessGranted: 101,
  accessGrantedPin: 102,
  remoteUnlock: 103,
  invalidCredential: 201,
  ruleViolation: 202,
  doorForced: 301,
  doorHeldOpen: 302,
  doorRestored: 303,
  deviceOnline: 401,
  deviceOffline: 402,
  tamper: 403,
  serviceStarted: 501,
} as const;

const { server, panel, door: doorType, reader: readerType } = DEVICE_TYPE;

export const EVENT_TYPES: readonly EventType[] = [
  { id: 101, name: 'Access granted', categoryId: 1, isAlarm: false, subcodeIds: [11], deviceTypes: [readerType] },
  { id: 102, name: 'Access granted with PIN', categoryId: 1, isAlarm: false, subcodeIds: [12], deviceTypes: [readerType] },
  { id: 103, name: 'Remote unlock', categoryId: 1, isAlarm: false, subcodeIds: [51], deviceTypes: [doorType] },
  { id: 201, name: 'Invalid credential', categoryId: 2, isAlarm: false, subcodeIds: [13, 14, 15], deviceTypes: [readerType] },
  { id: 202, name: 'Access rule violation', categoryId: 2, isAlarm: false, subcodeIds: [21, 22, 23], deviceTypes: [readerType] },
  { id: 301, name: 'Door forced open', categoryId: 3, isAlarm: true, subcodeIds: [31], deviceTypes: [doorType] },
  { id: 302, name: 'Door held open', categoryId: 3, isAlarm: true, subcodeIds: [32], deviceTypes: [doorType] },
  { id: 303, name: 'Door alarm restored', categoryId: 3, isAlarm: false, subcodeIds: [33], deviceTypes: [doorType] },
  { id: 401, name: 'Device online', categoryId: 4, isAlarm: false, subcodeIds: [41], deviceTypes: [panel, readerType] },
  { id: 402, name: 'Device offline', categoryId: 4, isAlarm: true, subcodeIds: [42], deviceTypes: [panel, readerType] },
  { id: 403, name: 'Tamper', categoryId: 4, isAlarm: true, subcodeIds: [43], deviceTypes: [panel, readerType] },
  { id: 501, name: 'Service started', categoryId: 5, isAlarm: false, subcodeIds: [52], deviceTypes: [server] },
];

export const CARD_HOLDER_TYPES: readonly CardHolderType[] = [
  { id: 1, name: 'Employee' },
  { id: 2, name: 'Contractor' },
  { id: 3, name: 'Visitor' },
  { id: 4, name: 'Temporary staff' },
];

/** Values seen for card_Holder_Letter_ID in the seed; any non-negative integer is accepted. */
export const CARD_HOLDER_LETTER_IDS: readonly number[] = [1, 2, 3];

function indexById<T extends { id: number }>(items: readonly T[]): ReadonlyMap<number, T> {
  return new Map(items.map((item) => [item.id, item]));
}

const devicesById = indexById(DEVICES);
const categoriesById = indexById(EVENT_CATEGORIES);
const eventTypesById = indexById(EVENT_TYPES);
const subcodesById = indexById(SUBCODES);

export function findDevice(id: number): Device | undefined {
  return devicesById.get(id);
}
export function findEventCategory(id: number): EventCategory | undefined {
  return categoriesById.get(id);
}
export function findEventType(id: number): EventType | undefined {
  return eventTypesById.get(id);
}
export function findSubcode(id: number): Subcode | undefined {
  return subcodesById.get(id);
}

export function devicesOfTypes(types: readonly number[]): Device[] {
  return DEVICES.filter((device) => types.includes(device.deviceType));
}

type Named = { id: number; name: string };

/** The catalogue as a site catalogue of the kiosk names it (RunningSimulator.site; the same shape as the kiosk's `site` configuration). */
export interface SiteCatalogue {
  tenants: Named[];
  cardholderTypes: Named[];
  devices: Array<Named & { type: number | null }>;
  deviceTypes: Named[];
  eventCategories: Named[];
  eventTypes: Named[];
  subcodeCategories: Named[];
  subcodes: Named[];
}

export function siteCatalogue(): SiteCatalogue {
  const named = (items: readonly Named[]): Named[] => items.map(({ id, name }) => ({ id, name }));
  return {
    tenants: named(TENANTS),
    cardholderTypes: named(CARD_HOLDER_TYPES),
    devices: DEVICES.map(({ id, name, deviceType }) => ({ id, name, type: deviceType })),
    deviceTypes: named(DEVICE_TYPES),
    eventCategories: named(EVENT_CATEGORIES),
    eventTypes: named(EVENT_TYPES),
    subcodeCategories: named(SUBCODE_CATEGORIES),
    subcodes: named(SUBCODES),
  };
}

/** The whole catalogue as one JSON-friendly value (GET /_sim/catalogue). */
export function catalogueSnapshot(): Record<string, unknown> {
  return {
    tenants: TENANTS,
    deviceTypes: DEVICE_TYPES,
    devices: DEVICES,
    eventCategories: EVENT_CATEGORIES,
    eventTypes: EVENT_TYPES,
    subcodeCategories: SUBCODE_CATEGORIES,
    subcodes: SUBCODES,
    cardHolderTypes: CARD_HOLDER_TYPES,
  };
}
