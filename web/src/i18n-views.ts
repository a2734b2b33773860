// Labels of the comparison, download, embed, citation and per-capita views in the three interface
// languages (merged into the dictionaries of i18n.ts).
import type { Message } from './i18n-message.js';

export const enViews = {
  compareTitle: 'Compare places',
  compareHint: 'Add up to {n} places from the map, the table or search.',
  compareAdd: 'Compare',
  compareAddNamed: 'Add {place} to the comparison',
  compareRemove: 'Remove {place} from the comparison',
  compareClear: 'Clear the comparison',
  compareFull: 'The comparison holds {n} places at most.',
  compareLegend: 'Places compared',
  compareNational: 'Add Kazakhstan',
  downloadView: 'Download this view',
  downloadSvg: 'Chart (SVG)',
  downloadPng: 'Chart (PNG)',
  embed: 'Embed this chart',
  embedHelp: 'Paste this into a web page; it shows the chart alone, drawn from release {revision}.',
  cite: 'How to cite',
  citeText:
    'Dala, release {revision}: {metric}, {places}, {period}. Source: {source}. {url} (accessed {accessed}).',
  citePermalink: 'Permalink of the release',
  drawnFrom: 'Release {revision}',
  embedStale:
    'This chart was pinned to release {pinned}; the server now serves release {revision}, which this chart shows.',
  per1000: 'Per 1,000 people',
  per1000Unit: '{unit} per 1,000 people',
  per1000Derivation:
    'Dala’s computation, not the Bureau’s: value × {scale} ÷ population of the same place and year × 1,000. Population: {population}.',
  breakdown: 'Breakdown',
  breakdownShown: 'Shown: {breakdown}',
  bureau: 'Bureau of National Statistics',
  sdgPlatform: 'National reporting platform for the SDGs of Kazakhstan',
  mediaSample: 'Media publications demonstration sample (not real publications)',
  indicatorMissing:
    'This link names an indicator Dala does not have, “{id}”; shown instead: {name}.',
};

type ViewKey = keyof typeof enViews;

export const ruViews: Record<ViewKey, Message> = {
  compareTitle: 'Сравнение мест',
  compareHint: 'Добавьте до {n} мест с карты, из таблицы или поиска.',
  compareAdd: 'Сравнить',
  compareAddNamed: 'Добавить {place} в сравнение',
  compareRemove: 'Убрать {place} из сравнения',
  compareClear: 'Очистить сравнение',
  compareFull: 'В сравнении не больше {n} мест.',
  compareLegend: 'Сравниваемые места',
  compareNational: 'Добавить Казахстан',
  downloadView: 'Скачать этот вид',
  downloadSvg: 'График (SVG)',
  downloadPng: 'График (PNG)',
  embed: 'Встроить график',
  embedHelp: 'Вставьте это на веб-страницу: будет показан только график по выпуску {revision}.',
  cite: 'Как цитировать',
  citeText:
    'Dala, выпуск {revision}: {metric}, {places}, {period}. Источник: {source}. {url} (дата обращения {accessed}).',
  citePermalink: 'Постоянная ссылка на выпуск',
  drawnFrom: 'Выпуск {revision}',
  embedStale:
    'График был закреплён за выпуском {pinned}; сервер сейчас отдаёт выпуск {revision}, и график показан по нему.',
  per1000: 'На 1 000 человек',
  per1000Unit: '{unit} на 1 000 человек',
  per1000Derivation:
    'Расчёт Dala, а не Бюро: значение × {scale} ÷ население того же места и года × 1 000. Население: {population}.',
  breakdown: 'Разрез',
  breakdownShown: 'Показано: {breakdown}',
  bureau: 'Бюро национальной статистики АСПиР РК',
  sdgPlatform: 'Национальная платформа отчётности по ЦУР Казахстана',
  mediaSample: 'Демонстрационная выборка публикаций СМИ (не настоящие публикации)',
  indicatorMissing:
    'В ссылке назван показатель «{id}», которого в Dala нет; вместо него показан: {name}.',
};

export const kkViews: Record<ViewKey, Message> = {
  compareTitle: 'Орындарды салыстыру',
  compareHint: 'Картадан, кестеден немесе іздеуден {n} орынға дейін қосыңыз.',
  compareAdd: 'Салыстыру',
  compareAddNamed: '{place} салыстыруға қосу',
  compareRemove: '{place} салыстырудан алып тастау',
  compareClear: 'Салыстыруды тазарту',
  compareFull: 'Салыстыруда ең көбі {n} орын болады.',
  compareLegend: 'Салыстырылатын орындар',
  compareNational: 'Қазақстанды қосу',
  downloadView: 'Осы көріністі жүктеу',
  downloadSvg: 'Диаграмма (SVG)',
  downloadPng: 'Диаграмма (PNG)',
  embed: 'Диаграмманы ендіру',
  embedHelp: 'Мұны веб-бетке қойыңыз: {revision} шығарылымы бойынша тек диаграмма көрсетіледі.',
  cite: 'Қалай сілтеме жасау керек',
  citeText:
    'Dala, {revision} шығарылымы: {metric}, {places}, {period}. Дереккөз: {source}. {url} (қаралған күні {accessed}).',
  citePermalink: 'Шығарылымның тұрақты сілтемесі',
  drawnFrom: '{revision} шығарылымы',
  embedStale:
    'Диаграмма {pinned} шығарылымына бекітілген; сервер қазір {revision} шығарылымын береді, диаграмма соған сәйкес.',
  per1000: '1 000 адамға шаққанда',
  per1000Unit: '1 000 адамға шаққанда, {unit}',
  per1000Derivation:
    'Бюроның емес, Dala есебі: мән × {scale} ÷ сол орын мен сол жылғы халық саны × 1 000. Халық саны: {population}.',
  breakdown: 'Бөлініс',
  breakdownShown: 'Көрсетілгені: {breakdown}',
  bureau: 'ҚР СЖРА Ұлттық статистика бюросы',
  sdgPlatform: 'Қазақстанның ТДМ бойынша ұлттық есептілік платформасы',
  mediaSample: 'БАҚ жарияланымдарының демонстрациялық іріктемесі (нақты жарияланымдар емес)',
  indicatorMissing:
    'Сілтемеде Dala-да жоқ «{id}» көрсеткіші аталған; оның орнына көрсетілгені: {name}.',
};
