// The str:CategorySchemes and str:Categorisations of an SDMX-ML 2.1 structure message
// (SDMXStructureCategory.xsd, SDMXStructureCategorisation.xsd): the topic scheme with its categories,
// and each categorisation's source (a dataflow) and target (a category of the scheme).
import type { Categorisation, CategoryScheme } from './categories.js';
import { maintainable, names } from './namespaces.js';
import { AGENCY, VERSION } from './structures.js';
import type { XmlWriter } from './xml.js';

/** The topic scheme; partial when an item query kept only some of its categories. */
export function categorySchemes(
  w: XmlWriter,
  scheme: CategoryScheme & { partial?: boolean },
): void {
  const attributes = {
    ...maintainable('categoryscheme.CategoryScheme', scheme.id),
    isPartial: scheme.partial ? 'true' : undefined,
  };
  w.wrap('str:CategorySchemes', {}, () =>
    w.wrap('str:CategoryScheme', attributes, () => {
      names(w, 'com:Name', scheme.name);
      for (const c of scheme.categories)
        w.wrap(
          'str:Category',
          {
            id: c.id,
            urn: `urn:sdmx:org.sdmx.infomodel.categoryscheme.Category=${AGENCY}:${scheme.id}(${VERSION}).${c.id}`,
          },
          () => names(w, 'com:Name', c.name),
        );
    }),
  );
}

/** One str:Categorisation (inside str:Categorisations): its dataflow and its category of `scheme`. */
export function categorisation(w: XmlWriter, scheme: string, c: Categorisation): void {
  w.wrap('str:Categorisation', maintainable('categoryscheme.Categorisation', c.id), () => {
    names(w, 'com:Name', c.name);
    w.wrap('str:Source', {}, () =>
      w.leaf('Ref', {
        id: c.dataflow,
        version: VERSION,
        agencyID: AGENCY,
        package: 'datastructure',
        class: 'Dataflow',
      }),
    );
    w.wrap('str:Target', {}, () =>
      w.leaf('Ref', {
        id: c.category,
        maintainableParentID: scheme,
        maintainableParentVersion: VERSION,
        agencyID: AGENCY,
        package: 'categoryscheme',
        class: 'Category',
      }),
    );
  });
}
