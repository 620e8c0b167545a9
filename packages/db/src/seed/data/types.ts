export interface CountrySeed { code: string; displayName: string } // ISO 3166-1 alpha-2 code, English short name
export interface CountySeed { CountyNo: string; countyName: string; countryCode: 'KE' } // CountyNo '001'..'047' in the official Kenyan county code order (001 Mombasa ... 047 Nairobi)
export interface CitySeed { Code: string; City: string; CountyNo: string } // towns in Kenya, each linked to its county; Code unique, upper-case short slug e.g. 'MSA-LIKONI' or numeric-like;
export interface UniversitySeed { code: string; displayName: string; foreign: boolean; accreditedPrograms: string[] }
export interface TitleSeed { title: string; description: string; entitled: boolean; sequenceID: number }
export interface CodeDescriptionSeed { code: string; description: string }
export interface SpecializationTypeSeed { code: string; description: string; discipline: string } // discipline = a code from disciplines
export interface PostalCodeSeed { code: string; town: string } // Kenyan postal codes, e.g. { code: '00100', town: 'NAIROBI GPO' }
export interface QualificationCodeSeed { code: string; description: string; type: 'Educational' | 'Professional' }
export interface FirmSeed { code: string; name: string }
