/**
 * Real towns and travel destinations for the seed catalogue, with their coordinates and the
 * postcode districts (UK) or Eircode routing keys (Ireland) merchants' addresses use.
 * `wellness-collection` is a collection page, not a place, so it is not here.
 */
import type { CountryCode } from "@deals/domain/brand";
import type { Random } from "./random.ts";

export type PostFormat = "uk" | "eircode" | "plain";

export interface Place {
  name: string;
  lat: number;
  lon: number;
  postFormat: PostFormat;
  /** Outward codes (uk), routing keys (eircode) or whole codes (plain). */
  postAreas: readonly string[];
}

export interface Town extends Place {
  shortName: string;
  countryCode: CountryCode;
  /** Share of the country's local deals: the big cities get most. */
  weight: number;
}

const uk = (shortName: string, name: string, lat: number, lon: number, weight: number, areas: string) =>
  ({
    shortName,
    name,
    countryCode: "gb",
    lat,
    lon,
    weight,
    postFormat: "uk",
    postAreas: areas.split(" "),
  }) satisfies Town;

const ie = (shortName: string, name: string, lat: number, lon: number, weight: number, areas: string) =>
  ({
    shortName,
    name,
    countryCode: "ie",
    lat,
    lon,
    weight,
    postFormat: "eircode",
    postAreas: areas.split(" "),
  }) satisfies Town;

/** In picker order: the brand default first, then by size. */
export const TOWNS: readonly Town[] = [
  uk("london", "London", 51.5072, -0.1276, 30, "EC1V EC2A W1D W1F WC2H SE1 N1 E1 E2 NW1 SW4 SE10 W2 W11"),
  uk("manchester", "Manchester", 53.4808, -2.2426, 8, "M1 M2 M3 M4 M15 M20"),
  uk("birmingham", "Birmingham", 52.4862, -1.8904, 7, "B1 B2 B3 B5 B13 B15"),
  uk("leeds", "Leeds", 53.8008, -1.5491, 5, "LS1 LS2 LS6 LS11"),
  uk("glasgow", "Glasgow", 55.8642, -4.2518, 5, "G1 G2 G3 G12 G41"),
  uk("edinburgh", "Edinburgh", 55.9533, -3.1883, 5, "EH1 EH2 EH3 EH6 EH10"),
  uk("liverpool", "Liverpool", 53.4084, -2.9916, 4, "L1 L2 L3 L8 L18"),
  uk("bristol", "Bristol", 51.4545, -2.5879, 4, "BS1 BS2 BS6 BS8"),
  uk("cardiff", "Cardiff", 51.4816, -3.1791, 3, "CF10 CF11 CF14 CF24"),
  uk("belfast", "Belfast", 54.5973, -5.9301, 3, "BT1 BT2 BT7 BT9"),
  uk("newcastle", "Newcastle", 54.9783, -1.6178, 3, "NE1 NE2 NE6"),
  uk("nottingham", "Nottingham", 52.9548, -1.1581, 3, "NG1 NG2 NG7"),
  uk("sheffield", "Sheffield", 53.3811, -1.4701, 3, "S1 S2 S10 S11"),
  uk("brighton", "Brighton", 50.8225, -0.1372, 3, "BN1 BN2 BN3"),
  uk("oxford", "Oxford", 51.752, -1.2577, 2, "OX1 OX2 OX4"),
  uk("cambridge", "Cambridge", 52.2053, 0.1218, 2, "CB1 CB2 CB4"),
  uk("york", "York", 53.96, -1.0873, 2, "YO1 YO10 YO31"),
  uk("leicester", "Leicester", 52.6369, -1.1398, 2, "LE1 LE2 LE3"),
  uk("southampton", "Southampton", 50.9097, -1.4044, 2, "SO14 SO15 SO17"),
  uk("aberdeen", "Aberdeen", 57.1497, -2.0943, 1.5, "AB10 AB11 AB24"),
  uk("bath", "Bath", 51.3811, -2.359, 1.5, "BA1 BA2"),
  uk("reading", "Reading", 51.4543, -0.9781, 1.5, "RG1 RG2 RG30"),
  uk("norwich", "Norwich", 52.6309, 1.2974, 1.5, "NR1 NR2 NR3"),
  uk("coventry", "Coventry", 52.4068, -1.5197, 1.5, "CV1 CV2 CV5"),
  uk("plymouth", "Plymouth", 50.3755, -4.1427, 1, "PL1 PL4"),
  uk("milton-keynes", "Milton Keynes", 52.0406, -0.7594, 1, "MK9 MK10"),
  ie("dublin", "Dublin", 53.3498, -6.2603, 10, "D01 D02 D07 D08"),
  ie("dublin-south", "Dublin South", 53.2925, -6.2456, 6, "D04 D06 D14 D16 D18"),
  ie("dublin-north", "Dublin North", 53.386, -6.257, 4, "D09 D11 D13"),
  ie("cork", "Cork", 51.8985, -8.4756, 5, "T12 T23"),
  ie("galway", "Galway", 53.2707, -9.0568, 4, "H91"),
  ie("limerick", "Limerick", 52.6638, -8.6267, 3, "V94"),
  ie("waterford", "Waterford", 52.2593, -7.1101, 2, "X91"),
  ie("kilkenny", "Kilkenny", 52.6541, -7.2448, 1.5, "R95"),
  ie("athlone", "Athlone", 53.4239, -7.9407, 1, "N37"),
  ie("sligo", "Sligo", 54.2766, -8.4761, 1, "F91"),
  ie("drogheda", "Drogheda", 53.7179, -6.3561, 1, "A92"),
  ie("wexford", "Wexford", 52.3369, -6.4633, 1, "Y35"),
  ie("killarney", "Killarney", 52.0599, -9.5044, 1, "V93"),
];

export type TravelRegion = "uk" | "ireland" | "international";

export interface Destination extends Place {
  region: TravelRegion;
}

const destination = (
  region: TravelRegion,
  name: string,
  lat: number,
  lon: number,
  postFormat: PostFormat,
  areas: string,
): Destination => ({ region, name, lat, lon, postFormat, postAreas: areas.split(",") });

export const DESTINATIONS: readonly Destination[] = [
  destination("uk", "the Lake District", 54.4609, -3.0886, "uk", "LA22,LA23,CA12"),
  destination("uk", "the Cotswolds", 51.833, -1.8433, "uk", "GL54,GL56,GL7"),
  destination("uk", "Cornwall", 50.266, -5.0527, "uk", "TR1,TR7,PL26"),
  destination("uk", "the Yorkshire Dales", 54.2415, -2.0746, "uk", "BD23,DL8"),
  destination("uk", "the Scottish Highlands", 57.4778, -4.2247, "uk", "IV1,PH33,PH22"),
  destination("uk", "Snowdonia", 52.9122, -3.8944, "uk", "LL55,LL24"),
  destination("uk", "the Peak District", 53.3429, -1.778, "uk", "DE45,SK17"),
  destination("uk", "Devon", 50.7156, -3.5309, "uk", "EX1,TQ1,EX34"),
  destination("uk", "the Norfolk Coast", 52.9548, 0.8514, "uk", "NR23,PE31"),
  destination("uk", "Edinburgh", 55.9533, -3.1883, "uk", "EH1,EH2"),
  destination("uk", "York", 53.96, -1.0873, "uk", "YO1"),
  destination("uk", "Bath", 51.3811, -2.359, "uk", "BA1,BA2"),
  destination("uk", "Brighton", 50.8225, -0.1372, "uk", "BN1,BN2"),
  destination("uk", "Liverpool", 53.4084, -2.9916, "uk", "L1,L3"),
  destination("ireland", "Killarney, Co. Kerry", 52.0599, -9.5044, "eircode", "V93"),
  destination("ireland", "Galway", 53.2707, -9.0568, "eircode", "H91"),
  destination("ireland", "Westport, Co. Mayo", 53.8008, -9.5186, "eircode", "F28"),
  destination("ireland", "Kinsale, Co. Cork", 51.7059, -8.5222, "eircode", "P17"),
  destination("ireland", "Wicklow", 52.9808, -6.0446, "eircode", "A67,A98"),
  destination("ireland", "Donegal", 54.6538, -8.1096, "eircode", "F94"),
  destination("ireland", "Dingle, Co. Kerry", 52.1409, -10.2689, "eircode", "V92"),
  destination("ireland", "Kilkenny", 52.6541, -7.2448, "eircode", "R95"),
  destination("ireland", "Athlone", 53.4239, -7.9407, "eircode", "N37"),
  destination("ireland", "Sligo", 54.2766, -8.4761, "eircode", "F91"),
  destination("international", "the Costa del Sol, Spain", 36.5101, -4.8825, "plain", "29600,29630,29680"),
  destination("international", "the Algarve, Portugal", 37.0179, -7.9307, "plain", "8125-401,8200-593"),
  destination("international", "Paris, France", 48.8566, 2.3522, "plain", "75004,75007,75011"),
  destination("international", "Rome, Italy", 41.9028, 12.4964, "plain", "00184,00186,00193"),
  destination("international", "Tenerife, Canary Islands", 28.2916, -16.6291, "plain", "38660,38670"),
  destination("international", "Crete, Greece", 35.2401, 24.8093, "plain", "71202,73100"),
  destination("international", "Dubai, UAE", 25.2048, 55.2708, "plain", "00000"),
  destination("international", "Marrakech, Morocco", 31.6295, -7.9811, "plain", "40000,40040"),
  destination("international", "Amsterdam, Netherlands", 52.3676, 4.9041, "plain", "1012 AB,1016 DK"),
  destination("international", "Barcelona, Spain", 41.3874, 2.1686, "plain", "08002,08010,08036"),
  destination("international", "Prague, Czech Republic", 50.0755, 14.4378, "plain", "110 00,120 00"),
  destination("international", "Budapest, Hungary", 47.4979, 19.0402, "plain", "1051,1061"),
  destination("international", "Lisbon, Portugal", 38.7223, -9.1393, "plain", "1100-148,1200-109"),
  destination("international", "Antalya, Turkey", 36.8969, 30.7133, "plain", "07100,07160"),
  destination("international", "Mallorca, Spain", 39.6953, 3.0176, "plain", "07001,07181"),
];

const STREETS = [
  "High Street",
  "Market Street",
  "Church Road",
  "Station Road",
  "Queen Street",
  "King Street",
  "Victoria Road",
  "Mill Lane",
  "Park Road",
  "George Street",
  "Castle Street",
  "Bridge Street",
  "The Parade",
  "Albert Road",
  "Canal Street",
  "Harbour Road",
  "Main Street",
  "Chapel Lane",
  "Riverside Walk",
  "Abbey Road",
];
const FOREIGN_STREETS = ["Avenida del Mar", "Rua da Praia", "Via del Corso", "Rue de la Paix", "Beach Road"];

// Letters a UK inward code may use, and the characters of an Eircode's unique identifier.
const UK_INWARD_LETTERS = "ABDEFGHJLNPQRSTUWXYZ";
const EIRCODE_CHARACTERS = "0123456789ACDEFHKNPRTVWXY";

export function postCode(place: Place, random: Random): string {
  const area = random.pick(place.postAreas);
  if (place.postFormat === "plain") return area;
  if (place.postFormat === "uk") {
    return `${area} ${random.int(1, 9)}${random.pick([...UK_INWARD_LETTERS])}${random.pick([...UK_INWARD_LETTERS])}`;
  }
  const unique = Array.from({ length: 4 }, () => random.pick([...EIRCODE_CHARACTERS])).join("");
  return `${area} ${unique}`;
}

export function streetAddress(place: Place, random: Random): string {
  const streets = place.postFormat === "plain" ? FOREIGN_STREETS : STREETS;
  return `${random.int(1, 220)} ${random.pick(streets)}`;
}

/** A point within a couple of kilometres of the place's centre, to 5 decimals (about 1 m). */
export function nearby(place: Place, random: Random): { lat: number; lon: number } {
  const jitter = () => (random.next() - 0.5) * 0.04;
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return { lat: round(place.lat + jitter()), lon: round(place.lon + jitter()) };
}
