// Typings of what the tests use of jsonstat-toolkit (the official JSON-stat JavaScript reader, which
// ships none): a dataset's dimensions, categories and cells, and a collection's datasets.
declare module 'jsonstat-toolkit' {
  interface Category {
    label: string;
    unit?: { label: string };
  }
  interface Dimension {
    id: string[];
    label: string;
    Category(id: string): Category;
  }
  interface Cell {
    value: number | null;
    status: string | null;
  }
  interface Dataset {
    id: string[];
    size: number[];
    value: (number | null)[];
    role: { time?: string[]; geo?: string[]; metric?: string[] };
    Dimension(id: string): Dimension;
    Data(coordinates: Record<string, string>): Cell | null;
  }
  /** A response read: a dataset, or a collection whose embedded datasets Dataset() gives. */
  interface Response {
    class: string;
    Dataset(index: number): Dataset;
    Dataset(): Dataset[];
  }
  export default function JSONstat(response: object): Response;
}
