// Builds event attributes from the catalogue: realistic random events for the generator and the
// seeded history (access granted/denied, door forced/held open, device online/offline), with a
// chosen share of alarms for the live generator and bulk events, ordinary (non-alarm) ones, the
// filled-in form of an injected event and injected fields laid over a made one. Stores nothing.

import {
  DEVICE_TYPE,
  EVENT_TYPE,
  EVENT_TYPES,
  devicesOfTypes,
  findDevice,
  findEventCategory,
  findEventType,
  findSubcode,
  type Device,
  type EventType,
} from './catalogue';
import { parseIsoTimestamp, type EventAttributes } from './events';
import type { InjectableEvent } from './records';
import type { SeededRandom } from './seeded-random';

/** Where access events find a person's name ("Dupont, Marie"); undefined when there is nobody. */
export type CardholderNamePicker = (rng: SeededRandom) => string | undefined;

const KIND_WEIGHTS: readonly (readonly [number, number])[] = [
  [EVENT_TYPE.accessGranted, 62],
  [EVENT_TYPE.accessGrantedPin, 8],
  [EVENT_TYPE.remoteUnlock, 2],
  [EVENT_TYPE.invalidCredential, 8],
  [EVENT_TYPE.ruleViolation, 6],
  [EVENT_TYPE.doorForced, 2],
  [EVENT_TYPE.doorHeldOpen, 4],
  [EVENT_TYPE.doorRestored, 3],
  [EVENT_TYPE.deviceOffline, 4],
  [EVENT_TYPE.tamper, 1],
];

/** The same mix split in two, for a chosen share of alarms (plus "device online", which follows an "offline"). */
const ALARM_WEIGHTS = KIND_WEIGHTS.filter(([id]) => findEventType(id)?.isAlarm === true);
const ORDINARY_WEIGHTS: readonly (readonly [number, number])[] = [
  ...KIND_WEIGHTS.filter(([id]) => findEventType(id)?.isAlarm === false),
  [EVENT_TYPE.deviceOnline, 4],
];

/** The live generator's share of alarms unless told otherwise: about the mix of the seeded history. */
export const DEFAULT_ALARM_SHARE = 0.1;

function requireEventType(id: number): EventType {
  const type = findEventType(id);
  if (type === undefined) throw new Error(`event type ${id} is missing from the catalogue`);
  return type;
}

function attributesFor(type: EventType, subcodeId: number, device: Device, createdMs: number, customText: string): EventAttributes {
  const subcode = findSubcode(subcodeId);
  return {
    createdMs,
    categoryId: type.categoryId,
    typeId: type.id,
    subcodeCategoryId: subcode?.subcodeCategoryId ?? 0,
    subcodeId,
    deviceId: device.id,
    deviceType: device.deviceType,
    tenant: device.tenant,
    isAlarm: type.isAlarm,
    categoryName: findEventCategory(type.categoryId)?.name ?? `Category ${type.categoryId}`,
    deviceName: device.name,
    customText,
  };
}

/** Random but plausible events; remembers which devices it has taken offline. */
export class EventFactory {
  private readonly offline = new Set<number>();
  private readonly devicesByType = new Map<number, Device[]>();

  constructor(
    private readonly rng: SeededRandom,
    private readonly pickCardholderName: CardholderNamePicker,
  ) {
    for (const type of EVENT_TYPES) this.devicesByType.set(type.id, devicesOfTypes(type.deviceTypes));
  }

  serviceStarted(createdMs: number): EventAttributes {
    const type = requireEventType(EVENT_TYPE.serviceStarted);
    const server = devicesOfTypes([DEVICE_TYPE.server])[0];
    if (server === undefined) throw new Error('the catalogue has no server device');
    return attributesFor(type, 52, server, createdMs, 'Service started');
  }

  /** The seeded history's mix (about 9% alarms); "offline" for a device already offline brings it back online. */
  random(createdMs: number): EventAttributes {
    let type = requireEventType(this.rng.pickWeighted(KIND_WEIGHTS));
    const device = this.rng.pick(this.devicesOf(type));
    if (type.id === EVENT_TYPE.deviceOffline && this.offline.has(device.id)) {
      type = requireEventType(EVENT_TYPE.deviceOnline);
      this.offline.delete(device.id);
    } else if (type.id === EVENT_TYPE.deviceOffline) {
      this.offline.add(device.id);
    }
    return this.describe(type, device, createdMs);
  }

  /** An alarm with probability `alarmShare` (0 … 1), otherwise an ordinary event: what the live generator produces. */
  generated(createdMs: number, alarmShare: number): EventAttributes {
    return this.rng.chance(alarmShare) ? this.alarm(createdMs) : this.ordinary(createdMs);
  }

  /** A non-alarm event: access granted or denied, remote unlock, door secured, device online. */
  ordinary(createdMs: number): EventAttributes {
    const type = requireEventType(this.rng.pickWeighted(ORDINARY_WEIGHTS));
    let devices = this.devicesOf(type);
    if (type.id === EVENT_TYPE.deviceOnline) {
      // A device comes back when one is down; otherwise a link-up of a device that is up (a reconnect).
      const down = devices.filter((device) => this.offline.has(device.id));
      if (down.length > 0) devices = down;
    }
    const device = this.rng.pick(devices);
    if (type.id === EVENT_TYPE.deviceOnline) this.offline.delete(device.id);
    return this.describe(type, device, createdMs);
  }

  /** Door forced or held open, device offline (of a device that is up; tamper when all are down), tamper. */
  alarm(createdMs: number): EventAttributes {
    let type = requireEventType(this.rng.pickWeighted(ALARM_WEIGHTS));
    let devices = this.devicesOf(type);
    if (type.id === EVENT_TYPE.deviceOffline) {
      devices = devices.filter((device) => !this.offline.has(device.id));
      if (devices.length === 0) {
        type = requireEventType(EVENT_TYPE.tamper);
        devices = this.devicesOf(type);
      }
    }
    const device = this.rng.pick(devices);
    if (type.id === EVENT_TYPE.deviceOffline) this.offline.add(device.id);
    return this.describe(type, device, createdMs);
  }

  private devicesOf(type: EventType): Device[] {
    return this.devicesByType.get(type.id) ?? [];
  }

  /** Subcode and text (with a person's name for access events) of an event of this type at this device. */
  private describe(type: EventType, device: Device, createdMs: number): EventAttributes {
    const subcodeId = this.rng.pick(type.subcodeIds);
    const base = findSubcode(subcodeId)?.customText ?? type.name;
    const person = type.categoryId <= 2 && subcodeId !== 13 ? this.pickCardholderName(this.rng) : undefined;
    const text = person === undefined ? base : `${base} – ${person}`;
    return attributesFor(type, subcodeId, device, createdMs, text);
  }
}

/**
 * Fills in an injected event from the catalogue: the event type gives category, default subcode and
 * alarm flag (default type 101, access granted); the device gives name, type and tenant (default: the
 * first device that produces the type). Ids outside the catalogue are allowed and get generic names.
 */
export function injectedEventAttributes(partial: Partial<InjectableEvent>, nowMs: number): EventAttributes {
  const createdMs = partial.created === undefined ? nowMs : parseIsoTimestamp(partial.created);
  if (createdMs === undefined) throw new Error(`created is not an ISO 8601 timestamp: ${partial.created}`);
  const typeId = partial.eventTypeId ?? EVENT_TYPE.accessGranted;
  const type = findEventType(typeId);
  const categoryId = partial.eventCategoryId ?? type?.categoryId ?? 0;
  const subcodeId = partial.subcodeId ?? type?.subcodeIds[0] ?? 0;
  const subcode = findSubcode(subcodeId);
  const deviceId = partial.deviceId ?? (type === undefined ? undefined : devicesOfTypes(type.deviceTypes)[0]?.id) ?? 1;
  const device = findDevice(deviceId);
  return {
    createdMs,
    categoryId,
    typeId,
    subcodeCategoryId: partial.subcodeCategoryId ?? subcode?.subcodeCategoryId ?? 0,
    subcodeId,
    deviceId,
    deviceType: partial.deviceType ?? device?.deviceType ?? 0,
    tenant: partial.tenant ?? device?.tenant ?? 0,
    isAlarm: partial.isAlarm ?? type?.isAlarm ?? false,
    categoryName: partial.event_Category_Name ?? findEventCategory(categoryId)?.name ?? `Category ${categoryId}`,
    deviceName: partial.device_Name ?? device?.name ?? `Device ${deviceId}`,
    customText: partial.custom_Text ?? subcode?.customText ?? type?.name ?? '',
  };
}

/**
 * The given fields of an injected event laid over a made one (bulk events). A given eventTypeId,
 * eventCategoryId, subcodeId or deviceId also brings what the catalogue derives from it, as for an
 * injected event (type → category, subcode, alarm flag; subcode → its category and text; device →
 * name, type, tenant), unless that is given too. `createdMs` replaces the time when given.
 */
export function overlayInjectedFields(base: EventAttributes, partial: Partial<InjectableEvent>, createdMs?: number): EventAttributes {
  const type = partial.eventTypeId === undefined ? undefined : findEventType(partial.eventTypeId);
  const categoryId = partial.eventCategoryId ?? type?.categoryId ?? base.categoryId;
  const subcodeId = partial.subcodeId ?? type?.subcodeIds[0] ?? base.subcodeId;
  const subcodeChanged = subcodeId !== base.subcodeId;
  const subcode = findSubcode(subcodeId);
  const deviceId = partial.deviceId ?? base.deviceId;
  const deviceChanged = deviceId !== base.deviceId;
  const device = findDevice(deviceId);
  return {
    createdMs: createdMs ?? base.createdMs,
    categoryId,
    typeId: partial.eventTypeId ?? base.typeId,
    subcodeCategoryId: partial.subcodeCategoryId ?? (subcodeChanged ? (subcode?.subcodeCategoryId ?? 0) : base.subcodeCategoryId),
    subcodeId,
    deviceId,
    deviceType: partial.deviceType ?? (deviceChanged ? (device?.deviceType ?? 0) : base.deviceType),
    tenant: partial.tenant ?? (deviceChanged ? (device?.tenant ?? 0) : base.tenant),
    isAlarm: partial.isAlarm ?? type?.isAlarm ?? base.isAlarm,
    categoryName:
      partial.event_Category_Name ?? (categoryId === base.categoryId ? base.categoryName : (findEventCategory(categoryId)?.name ?? `Category ${categoryId}`)),
    deviceName: partial.device_Name ?? (deviceChanged ? (device?.name ?? `Device ${deviceId}`) : base.deviceName),
    customText: partial.custom_Text ?? (subcodeChanged ? (subcode?.customText ?? type?.name ?? base.customText) : base.customText),
  };
}
