// Drawing the whole page from the loaded state: the attribute sections, the cards and the sheet, and the counts.

import {renderComponentsSection} from './components.js';
import {renderAttributeSections, updateCounts} from './sections.js';
import {renderSheetSection} from './sheet.js';

export function renderAll() {
    renderAttributeSections();
    renderComponentsSection();
    renderSheetSection();
    updateCounts();
}
