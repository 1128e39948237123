import { describe, expect, it } from 'vitest';
import { constrainingProcedures, detectProcedures } from './procedures';

describe('detectProcedures', () => {
  it.each([
    // English
    ['I had my FUE hair transplant here last month', ['Hair Transplant']],
    ['My DHI went perfectly', ['Hair Transplant']],
    ['Happy with my dental implants', ['Dental Implant']],
    ['Everything around my implant treatment was well organised', ['Dental Implant']],
    ['All-on-4 done in a week', ['Dental Implant']],
    ['My rhinoplasty went perfectly', ['Plastic Surgery']],
    ['Really pleased with my breast augmentation', ['Plastic Surgery']],
    ['Liposuction - recommended', ['Plastic Surgery']],
    ['Facelift and tummy tuck', ['Plastic Surgery']],
    ['Breast implants, not dental ones', ['Plastic Surgery']],
    ['Happy with my PRP sessions', ['PRP Treatment']],
    ['Platelet-rich plasma for my scalp', ['PRP Treatment']],
    ['My teeth whitening went perfectly', ['Teeth Whitening']],
    ['Whitening treatment - recommended', ['Teeth Whitening']],
    ['My root canal treatment experience', ['Root Canal']],
    ['New veneers, lovely smile', ['Other']],
    // Spanish
    ['Me hice un trasplante capilar hace dos semanas', ['Hair Transplant']],
    ['Me hice un injerto de pelo el mes pasado', ['Hair Transplant']],
    ['Mi implante dental con el Dr. Miller', ['Dental Implant']],
    ['Mis implantes dentales: recomendable', ['Dental Implant']],
    ['Muy satisfecha con mi rinoplastia', ['Plastic Surgery']],
    ['Me hice un aumento de pecho', ['Plastic Surgery']],
    ['Decepcionada con mi liposucción', ['Plastic Surgery']],
    ['Mi lifting facial', ['Plastic Surgery']],
    ['Decepcionada con mis sesiones de PRP', ['PRP Treatment']],
    ['Me hice un blanqueamiento dental', ['Teeth Whitening']],
    ['Me hice una endodoncia el mes pasado', ['Root Canal']],
    ['Decepcionado con mi tratamiento de conducto', ['Root Canal']],
    // Turkish
    ['Üç ay önce burada DHI saç ekimi yaptırdım', ['Hair Transplant']],
    ['Diş implantı sorunsuz geçti', ['Dental Implant']],
    ['Implant tedavisi için teşekkürler', ['Dental Implant']],
    ['Burun estetiği için teşekkürler', ['Plastic Surgery']],
    ['PRP tedavisi yaptırdım', ['PRP Treatment']],
    ['Diş beyazlatma işlemi sonrası bakım çok iyiydi', ['Teeth Whitening']],
    ['Kanal tedavisi sorunsuz geçti', ['Root Canal']],
  ])('%j names %j', (text, expected) => {
    expect(detectProcedures(text)).toEqual(expected);
  });

  it.each([
    'Friendly staff, spotless clinic and very professional doctors.',
    'Estuve allí hace dos semanas y el trato fue excelente.',
    'Fue una experiencia estupenda de principio a fin.',
    'FUE UNA EXPERIENCIA ESTUPENDA',
    'Baştan sona harika bir deneyimdi. Kesinlikle tekrar gelirim.',
    '',
  ])('finds no procedure in %j', (text) => {
    expect(detectProcedures(text)).toEqual([]);
  });

  it('lists several procedures in a fixed order', () => {
    expect(detectProcedures('Root canal first, then a dental implant and whitening')).toEqual([
      'Dental Implant',
      'Teeth Whitening',
      'Root Canal',
    ]);
  });
});

describe('constrainingProcedures', () => {
  it('drops Other, which says little about the patient record', () => {
    expect(constrainingProcedures('Veneers and a root canal')).toEqual(['Root Canal']);
    expect(constrainingProcedures('Veneers only')).toEqual([]);
  });
});
