import { describe, expect, it } from 'vitest';
import { type ClinicalRedFlag, classifyReply, type ReplyIntent } from './reply-classification';

const intentOf = (text: string) => classifyReply(text).intent;
const flagsOf = (text: string) => classifyReply(text).clinicalFlags;
const severityOf = (text: string) => classifyReply(text).negativeSeverity;

describe('consent keywords: the whole message', () => {
  it.each<[string, ReplyIntent | null]>([
    // English (Twilio's sets)
    ['STOP', 'opt_out'],
    ['stop', 'opt_out'],
    ['  Stop.  ', 'opt_out'],
    ['STOP!!!', 'opt_out'],
    ['Stop please', 'opt_out'],
    ['please stop', 'opt_out'],
    ['STOPALL', 'opt_out'],
    ['Stop all', 'opt_out'],
    ['UNSUBSCRIBE', 'opt_out'],
    ['Cancel', 'opt_out'],
    ['END', 'opt_out'],
    ['Quit', 'opt_out'],
    ['Opt out', 'opt_out'],
    ['OPTOUT', 'opt_out'],
    ['REVOKE', 'opt_out'],
    ['START', 'opt_in'],
    ['unstop', 'opt_in'],
    ['HELP', 'help'],
    ['info', 'help'],
    // Spanish
    ['BAJA', 'opt_out'],
    ['Baja, gracias', 'opt_out'],
    ['Dar de baja', 'opt_out'],
    ['Alto', 'opt_out'],
    ['PARA', 'opt_out'],
    ['Parar por favor', 'opt_out'],
    ['Cancelar', 'opt_out'],
    ['Fin', 'opt_out'],
    ['No más', 'opt_out'],
    ['ALTA', 'opt_in'],
    ['Comenzar', 'opt_in'],
    ['Ayuda', 'help'],
    ['Información', 'help'],
    // Turkish
    ['DUR', 'opt_out'],
    ['İPTAL', 'opt_out'],
    ['iptal lütfen', 'opt_out'],
    ['RET', 'opt_out'],
    ['Çıkış', 'opt_out'],
    ['İstemiyorum', 'opt_out'],
    ['Abonelikten çık', 'opt_out'],
    ['BAŞLA', 'opt_in'],
    ['Yardım', 'help'],
    ['bilgi', 'help'],
    // Not keywords: a longer message, or the word inside another word
    ['stopped hurting', null],
    ['It finally stopped', null],
    ["Can't stop smiling, thank you!", null],
    ['The end result looks great', null],
    ['I need to cancel my appointment', null],
    ['Can I cancel tomorrow?', null],
    ['I quit smoking like you said', null],
    ['Start of week 2 and all good', null],
    ['Help me understand the aftercare', null],
    ['Yes', null],
    ['Thanks!', null],
    ['Stopwatch', null],
    ['Para mañana tengo cita', null],
    ['Al final todo salió bien', null],
    ['Durum iyi, teşekkürler', null],
    ['Mesaj atmayı unutmayın', null],
    ['Quiero cancelar mi cita', null],
    ['Randevumu iptal etmek istiyorum', null],
    ["I'm bleeding, help", null],
    ['The pain won’t stop', null],
    ['', null],
  ])('%j -> %s', (text, expected) => {
    expect(intentOf(text)).toBe(expected);
  });
});

describe("consent keywords when the keyword is a word of the patient's name", () => {
  // Real surnames: Alto, Fin, Para, Dur, Stop, Baja. A message that is only the keyword is the
  // keyword whatever the name; a signature after the words is still only a signature.
  it.each<[string, string, ReplyIntent | null]>([
    ['Lucía Stop', 'STOP', 'opt_out'],
    ['Lucía Stop', 'stop.', 'opt_out'],
    ['Lucía Stop', 'Stop please', 'opt_out'],
    ['Mehmet Dur', 'DUR', 'opt_out'],
    ['Mehmet Dur', 'Dur!', 'opt_out'],
    ['Carmen Alto', 'Alto', 'opt_out'],
    ['Pablo Fin', 'FIN', 'opt_out'],
    ['Ana Para', 'Para', 'opt_out'],
    ['Rosa Baja', 'BAJA', 'opt_out'],
    ['Rosa Baja', 'Baja, gracias', 'opt_out'],
    ['Lucía Stop', 'STOP - Lucía Stop', 'opt_out'],
    ['Mehmet Dur', 'Dur. Mehmet Dur', 'opt_out'],
    ['Lucía Stop', 'Stop texting me', 'opt_out'],
    ['Ana Alta', 'ALTA', 'opt_in'],
    // Signed with the given name only: the keyword stays a keyword.
    ['Juan Stop', 'Stop - Juan', 'opt_out'],
    ['Juan Stop', 'STOP. Juan', 'opt_out'],
    ['Juan Stop', 'Juan: stop', 'opt_out'],
    ['Juan Stop', 'Stop please - Juan', 'opt_out'],
    ['Lucía Baja', 'Baja, Lucía', 'opt_out'],
    ['Ali Dur', 'Dur - Ali', 'opt_out'],
    ['Ana Alta', 'Alta. Ana', 'opt_in'],
    // A signature is not a keyword.
    ['Juan Stop', 'Juan', null],
    ['María-José Stop', 'Gracias. María-José Stop', null],
    ['María-José Stop', 'María-José Stop', null],
    ['Juan Stop', 'Gracias. Juan', null],
    ['Lucía Stop', 'Gracias, Lucía Stop', null],
    ['Mehmet Dur', 'Teşekkürler, Mehmet Dur', null],
    ['Carmen Alto', 'Todo bien. Carmen Alto', null],
    ['Lucía Stop', 'Lucía Stop', null],
  ])('%s texts %j -> %s', (name, text, expected) => {
    expect(classifyReply(text, { names: [name] }).intent).toBe(expected);
  });
});

describe('opt-out phrases: clear intent inside a longer message', () => {
  it.each<[string, ReplyIntent | null]>([
    ['stop texting me', 'opt_out'],
    ['Please stop texting me!', 'opt_out'],
    ['Can you stop messaging me', 'opt_out'],
    ['Stop sending me messages, I am fine', 'opt_out'],
    ['No more messages please', 'opt_out'],
    ['Stop these texts', 'opt_out'],
    ["Don't text me again", 'opt_out'],
    ['Do not contact me', 'opt_out'],
    ["I don't want any more messages", 'opt_out'],
    ['How do I unsubscribe?', 'opt_out'],
    ['Remove me from your list', 'opt_out'],
    ['Take me off this list', 'opt_out'],
    ['Leave me alone', 'opt_out'],
    ["Don't stop texting me, I like the reminders", null],
    ['Do not stop sending messages', null],
    ['Deja de escribirme', 'opt_out'],
    ['Dejen de enviarme mensajes por favor', 'opt_out'],
    ['No me escriban más', 'opt_out'],
    ['No quiero recibir más mensajes', 'opt_out'],
    ['Quiero darme de baja', 'opt_out'],
    ['Bórrenme de la lista', 'opt_out'],
    ['No dejen de escribirme, me ayuda', null],
    ['Bana mesaj atmayın', 'opt_out'],
    ['Lütfen SMS göndermeyin', 'opt_out'],
    ['Mesaj istemiyorum', 'opt_out'],
    ['Beni listeden çıkarın', 'opt_out'],
    ['Aboneliğimi iptal edin', 'opt_out'],
    ['Rahatsız etmeyin', 'opt_out'],
    ['Mesajlarınız için teşekkürler', null],
    // Offers only: marketing consent is withdrawn, care messages go on.
    ['Stop sending me offers', 'marketing_opt_out'],
    ['Please stop sending me your promotions, thanks', 'marketing_opt_out'],
    ["Don't send me any more offers", 'marketing_opt_out'],
    ['I do not want to receive offers', 'marketing_opt_out'],
    ['No more discounts please, the check-ins are fine', 'marketing_opt_out'],
    ['Unsubscribe me from marketing', 'marketing_opt_out'],
    ['Stop marketing messages', 'marketing_opt_out'],
    ['Dejen de enviarme ofertas', 'marketing_opt_out'],
    ['No me manden más promociones', 'marketing_opt_out'],
    ['No quiero recibir más ofertas, gracias', 'marketing_opt_out'],
    ['Basta de publicidad', 'marketing_opt_out'],
    ['Quiero darme de baja de las ofertas', 'marketing_opt_out'],
    ['Kampanya mesajları istemiyorum', 'marketing_opt_out'],
    ['Reklam göndermeyin lütfen', 'marketing_opt_out'],
    ['Kampanyaları durdurun', 'marketing_opt_out'],
    // The whole channel still wins beside it, and a negated offers phrase is no withdrawal.
    ['Stop texting me and stop sending offers', 'opt_out'],
    ['No more offers. Actually stop all messages', 'opt_out'],
    ["Don't stop sending offers, I like them", null],
  ])('%j -> %s', (text, expected) => {
    expect(intentOf(text)).toBe(expected);
  });
});

describe('clinical red flags', () => {
  it.each<[string, ClinicalRedFlag[]]>([
    // English
    ['I am in a lot of pain', ['pain']],
    ['It hurts when I chew', ['pain']],
    ['Very painful tonight', ['pain']],
    ['My gums are bleeding', ['bleeding']],
    ['There is blood on my pillow', ['bleeding']],
    ['The swelling is getting worse', ['swelling']],
    ['My face is swollen', ['swelling']],
    ['I have a fever since yesterday', ['fever']],
    ['Running a temperature and chills', ['fever']],
    ['I think it is infected', ['infection']],
    ['There is pus around the implant', ['infection']],
    ['Some grafts fell out this morning', ['graft_loss']],
    ['I think I lost a few grafts', ['graft_loss']],
    ['Bleeding and swollen, with a fever', ['bleeding', 'swelling', 'fever']],
    ["It doesn't stop bleeding", ['bleeding']],
    ['It does not stop bleeding', ['bleeding']],
    ['The pain is not going away', ['pain']],
    ['No swelling but some pain', ['pain']],
    // English, not red flags
    ['No pain at all, thank you!', []],
    ["I don't have any pain", []],
    ['Pain free and happy', []],
    ['The bleeding has stopped', []],
    ['The swelling went down', []],
    ['My head stopped hurting', []],
    ['It never stopped bleeding', ['bleeding']],
    ['Dejó de sangrar ayer', []],
    ['No fever, no swelling', []],
    ['I just finished painting my room', []],
    ['We are flying back to Spain tomorrow', []],
    ['The receptionist hurt my feelings', []],
    ['The results are swell', []],
    // Spanish
    ['Tengo mucho dolor', ['pain']],
    ['Me duele mucho la encía', ['pain']],
    ['Me sangra la herida', ['bleeding']],
    ['Hay sangre en la almohada', ['bleeding']],
    ['Tengo la cara muy hinchada', ['swelling']],
    ['La hinchazón no baja', ['swelling']],
    ['Tengo fiebre', ['fever']],
    ['Creo que tengo una infección', ['infection']],
    ['Se me cayeron algunos injertos', ['graft_loss']],
    ['No para de sangrar', ['bleeding']],
    ['Sin dolor, todo perfecto', []],
    ['No me duele nada', []],
    ['Ya no me duele', []],
    ['El dolor desapareció', []],
    ['Una sangría en la terraza', []],
    ['Hola, soy Dolores, todo bien', []],
    // Turkish
    ['Çok ağrım var', ['pain']],
    ['Dişim ağrıyor', ['pain']],
    ['Kanama var', ['bleeding']],
    ['Diş etim kanıyor', ['bleeding']],
    ['Yüzümde şişlik var', ['swelling']],
    ['Ateşim var', ['fever']],
    ['Enfeksiyon olmuş olabilir', ['infection']],
    ['Yarada iltihap var', ['infection']],
    ['Greftler döküldü', ['graft_loss']],
    ['Greft kaybı yaşıyorum', ['graft_loss']],
    ['Ağrım yok, teşekkürler', []],
    ['Hiç ağrım yok', []],
    ['Ağrımıyor', []],
    ['Ağrı kesici aldım, iyiyim', []],
    ['Kanama durdu', []],
    ['Şişlik indi', []],
    ['Ateşim yok', []],
    ['Kanada’dan yazıyorum', []],
  ])('%j -> %j', (text, expected) => {
    expect(flagsOf(text)).toEqual(expected);
  });

  it('a given name is not a symptom', () => {
    expect(classifyReply('Gracias! Dolores', { names: ['Dolores García'] }).clinicalFlags).toEqual([]);
    expect(classifyReply('Dolores de cabeza desde ayer').clinicalFlags).toEqual(['pain']);
  });

  it('a red flag is a high-severity clinical alert that AI never answers', () => {
    const result = classifyReply('Thanks, all great, just a little bleeding');
    expect(result.alert).toEqual({ kind: 'clinical', severity: 'high' });
    expect(result.canAnswerWithAi).toBe(false);
    expect(result.evidence).toContain('bleeding');
  });

  it('opt-out and a red flag together keep both', () => {
    const result = classifyReply('Stop texting me, my gums are bleeding');
    expect(result.intent).toBe('opt_out');
    expect(result.clinicalFlags).toEqual(['bleeding']);
  });
});

describe('negative sentiment and how bad it is', () => {
  it.each<[string, 'low' | 'medium' | 'high' | null]>([
    // English
    ['A bit disappointed with the waiting time', 'low'],
    ['Not happy with the result', 'low'],
    ['Honestly the service was poor', 'low'],
    ['This was terrible', 'medium'],
    ['The staff were rude and unprofessional', 'medium'],
    ['I want a refund', 'medium'],
    ['Never again', 'medium'],
    ['You botched my hairline, my lawyer will be in touch', 'high'],
    ['I will report you to the health authority', 'high'],
    ['Total scam', 'high'],
    ['Rude, awful and a waste of money', 'high'],
    ['😡', 'medium'],
    ['Not bad at all', null],
    ['No complaints, thank you', null],
    ['Nothing to complain about', null],
    ['I was not disappointed', null],
    ['Everything is great, thank you!', null],
    // Spanish
    ['Estoy decepcionada', 'low'],
    ['No estoy contento con el resultado', 'low'],
    ['El trato fue horrible', 'medium'],
    ['Quiero presentar una queja', 'medium'],
    ['Nunca más vuelvo', 'medium'],
    ['Voy a hablar con mi abogado', 'high'],
    ['Esto es una estafa', 'high'],
    ['No está mal', null],
    ['Sin quejas, todo perfecto', null],
    ['Muy contenta, gracias', null],
    // Turkish
    ['Biraz hayal kırıklığı yaşadım', 'low'],
    ['Sonuçtan memnun değilim', 'low'],
    ['Berbat bir deneyimdi', 'medium'],
    ['Şikayet etmek istiyorum', 'medium'],
    ['Avukatımla görüşeceğim', 'high'],
    ['Dava açacağım', 'high'],
    ['Kötü değil', null],
    ['Hiçbir şikayetim yok', null],
    ['Çok memnunum, teşekkürler', null],
  ])('%j -> %s', (text, expected) => {
    expect(severityOf(text)).toBe(expected);
  });

  it('a complaint raises a negative alert; AI may answer only a mild one', () => {
    expect(classifyReply('A bit disappointed').alert).toEqual({ kind: 'negative', severity: 'low' });
    expect(classifyReply('A bit disappointed').canAnswerWithAi).toBe(true);
    expect(classifyReply('This was terrible').canAnswerWithAi).toBe(false);
    expect(classifyReply('STOP').canAnswerWithAi).toBe(false);
    expect(classifyReply('Thank you, all good!')).toEqual({
      intent: null,
      clinicalFlags: [],
      negativeSeverity: null,
      alert: null,
      positive: true,
      canAnswerWithAi: true,
      evidence: ['thank you', 'all good'],
    });
  });
});

describe('a positive reply: thanks or contentment with nothing worrying beside it', () => {
  it.each<[string, boolean]>([
    // English
    ['Thank you so much!', true],
    ['Thanks', true],
    ['Feeling much better now', true],
    ['Everything is great, thank you!', true],
    ['Very happy with the result', true],
    ['I would recommend you to anyone', true],
    ['😊', true],
    ['No complaints, thank you', true],
    ['Not great', false],
    ['Not happy with the result', false],
    ['Thanks, all great, just a little bleeding', false],
    ['Thanks but the staff were rude', false],
    ['Stop, thanks', false],
    ['OK', false],
    ['Can I move my appointment?', false],
    // Spanish
    ['¡Muchas gracias!', true],
    ['Me siento mucho mejor', true],
    ['Estoy muy contenta con el resultado', true],
    ['Todo bien, gracias', true],
    ['Sin dolor, gracias', true],
    ['No estoy contento', false],
    ['Nada satisfecho', false],
    ['Gracias, pero me duele mucho', false],
    ['Baja, gracias', false],
    ['¿Puedo cambiar la cita?', false],
    // Turkish
    ['Çok teşekkür ederim', true],
    ['Ağrım yok, teşekkürler', true],
    ['Sonuçtan çok memnunum', true],
    ['Harika görünüyor', true],
    ['Sağ olun, iyiyim', true],
    ['Memnun değilim', false],
    ['Hiç iyi değilim', false],
    ['Teşekkürler ama kanama var', false],
    ['Randevumu değiştirebilir miyim?', false],
  ])('%j -> %s', (text, expected) => {
    expect(classifyReply(text).positive).toBe(expected);
  });

  it('names the words that made it positive and raises no alert', () => {
    const result = classifyReply('Thank you, feeling better');
    expect(result.alert).toBeNull();
    expect(result.evidence).toEqual(expect.arrayContaining(['thank you', 'feeling better']));
  });
});
