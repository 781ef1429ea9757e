//! The one table model every result table is written from, and one exporter per format over
//! it: [`TableFormat::Csv`] (a header line, then one line per row) and [`TableFormat::Json`]
//! (JSON Lines: one object per row, its keys the header's names in the header's order).
//!
//! A [`Table`] is made from serde rows ([`Table::from_rows`]): each row's fields become its
//! columns, in order, and each value a [`Cell`] typed by the field's Rust type, so a column
//! has one JSON type whatever its rows hold:
//! - integers and [`Figure`]s are numbers (a figure whose text is no number, like `-` for a
//!   choice not open, is `null`);
//! - `bool` is `true`/`false`;
//! - text is a string (a column of `all`, `1`, `2`, … such as `seat` is text);
//! - `None` — an empty CSV field, a figure of no games — is `null`.

pub use pressluck_core::figure::Figure;
use pressluck_core::figure::FIGURE;
use serde::ser::{self, Impossible, Serialize, SerializeStruct, SerializeTuple, Serializer};
use std::fmt;

/// One value of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// No value: an empty CSV field, JSON `null`.
    Empty,
    /// A number, as its CSV text (JSON writes it as is when it is a finite number, else
    /// `null`).
    Number(String),
    /// `true` or `false`.
    Bool(bool),
    /// Text: a JSON string.
    Text(String),
}

impl Cell {
    /// The CSV field.
    pub fn csv_text(&self) -> &str {
        match self {
            Cell::Empty => "",
            Cell::Number(t) | Cell::Text(t) => t,
            Cell::Bool(true) => "true",
            Cell::Bool(false) => "false",
        }
    }

    /// Appends the JSON value to `out`.
    fn write_json(&self, out: &mut String) {
        match self {
            Cell::Empty => out.push_str("null"),
            Cell::Number(t) if is_json_number(t) => out.push_str(t),
            Cell::Number(_) => out.push_str("null"),
            Cell::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Cell::Text(t) => json_string(t, out),
        }
    }
}

/// Whether `t` is a finite decimal number in JSON's grammar (`-`? digits, `.` digits).
fn is_json_number(t: &str) -> bool {
    let digits = t.strip_prefix('-').unwrap_or(t);
    let (int, frac) = match digits.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (digits, None),
    };
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    all_digits(int) && (int == "0" || !int.starts_with('0')) && frac.is_none_or(all_digits)
}

/// Appends `s` as a JSON string to `out`.
fn json_string(s: &str, out: &mut String) {
    // Serializing a string to JSON cannot fail.
    out.push_str(&serde_json::to_string(s).unwrap_or_default());
}

/// A table: the columns' names and the rows, each one cell per column.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// The columns' names, in order.
    pub columns: Vec<&'static str>,
    /// The rows, each one cell per column.
    pub rows: Vec<Vec<Cell>>,
}

/// A table output format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TableFormat {
    /// CSV with a header line.
    #[default]
    Csv,
    /// JSON Lines: one object per row.
    Json,
}

impl TableFormat {
    /// The formats' names, as `--format` takes them.
    pub const NAMES: [&'static str; 2] = ["csv", "json"];

    /// The format named by `--format` (`csv` or `json`); an input error naming the flag
    /// otherwise.
    pub fn parse(text: &str) -> anyhow::Result<TableFormat> {
        match text {
            "csv" => Ok(TableFormat::Csv),
            "json" => Ok(TableFormat::Json),
            other => Err(crate::error::input(format!(
                "--format: unknown format '{other}' (expected {})",
                TableFormat::NAMES.join(" or ")
            ))),
        }
    }

    /// The extension of a default output name: `csv` or `jsonl`.
    pub fn extension(self) -> &'static str {
        match self {
            TableFormat::Csv => "csv",
            TableFormat::Json => "jsonl",
        }
    }

    /// The exporter of this format.
    pub fn exporter(self) -> &'static dyn Exporter {
        match self {
            TableFormat::Csv => &CsvExporter,
            TableFormat::Json => &JsonLinesExporter,
        }
    }
}

/// Writes a [`Table`] in one format.
pub trait Exporter {
    /// The bytes of `table`.
    fn export(&self, table: &Table) -> anyhow::Result<Vec<u8>>;
}

/// CSV: the header line (also for a table of no rows), then one line per row, quoted where a
/// field needs it.
pub struct CsvExporter;

impl Exporter for CsvExporter {
    fn export(&self, table: &Table) -> anyhow::Result<Vec<u8>> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(&table.columns)?;
        for row in &table.rows {
            w.write_record(row.iter().map(Cell::csv_text))?;
        }
        w.into_inner().map_err(|e| anyhow::anyhow!("csv: {e}"))
    }
}

/// JSON Lines: one object per row, keys in column order (nothing for a table of no rows).
pub struct JsonLinesExporter;

impl Exporter for JsonLinesExporter {
    fn export(&self, table: &Table) -> anyhow::Result<Vec<u8>> {
        let mut out = String::new();
        for row in &table.rows {
            out.push('{');
            for (i, (name, cell)) in table.columns.iter().zip(row).enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_string(name, &mut out);
                out.push(':');
                cell.write_json(&mut out);
            }
            out.push_str("}\n");
        }
        Ok(out.into_bytes())
    }
}

impl Table {
    /// The table of `rows`: each a struct, or a tuple of structs whose fields follow one
    /// another. Every row must have the same columns; a table of no rows has none (see
    /// [`Table::empty_like`]).
    pub fn from_rows<T: Serialize>(rows: impl IntoIterator<Item = T>) -> anyhow::Result<Table> {
        let mut table = Table::default();
        for row in rows {
            let mut r = RowWriter::default();
            row.serialize(&mut r)?;
            if table.rows.is_empty() {
                table.columns = r.columns;
            } else if r.columns != table.columns {
                anyhow::bail!(
                    "table row {} has the columns {} but the first row {}",
                    table.rows.len() + 1,
                    r.columns.join(","),
                    table.columns.join(",")
                );
            }
            table.rows.push(r.cells);
        }
        Ok(table)
    }

    /// The table of no rows with the columns of `row`.
    pub fn empty_like<T: Serialize>(row: T) -> anyhow::Result<Table> {
        let mut r = RowWriter::default();
        row.serialize(&mut r)?;
        Ok(Table {
            columns: r.columns,
            rows: Vec::new(),
        })
    }

    /// The bytes of the table in `format`.
    pub fn export(&self, format: TableFormat) -> anyhow::Result<Vec<u8>> {
        format.exporter().export(self)
    }

    /// The CSV bytes.
    pub fn to_csv(&self) -> anyhow::Result<Vec<u8>> {
        self.export(TableFormat::Csv)
    }
}

/// A value the table serializer does not take.
#[derive(Debug)]
pub struct TableError(String);

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "table: {}", self.0)
    }
}

impl std::error::Error for TableError {}

impl ser::Error for TableError {
    fn custom<M: fmt::Display>(msg: M) -> Self {
        TableError(msg.to_string())
    }
}

/// Not a value a table cell holds.
fn unsupported<T>(what: &str) -> Result<T, TableError> {
    Err(TableError(format!("a {what} is no table cell")))
}

/// A serializer's methods for the scalar types listed (`method: type`): each answers
/// `$answer`, the value bound to `$v`, with `$ok` its success type.
macro_rules! scalars {
    ($ok:ty, |$v:ident| $answer:expr; $($method:ident: $scalar:ty),*) => {
        $(
            fn $method(self, $v: $scalar) -> Result<$ok, TableError> {
                $answer
            }
        )*
    };
}

/// Collects one row: the names and cells of its fields.
#[derive(Default)]
struct RowWriter {
    columns: Vec<&'static str>,
    cells: Vec<Cell>,
}

/// Serializes a row: a struct, or a tuple of structs.
impl Serializer for &mut RowWriter {
    type Ok = ();
    type Error = TableError;
    type SerializeSeq = Impossible<(), TableError>;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Impossible<(), TableError>;
    type SerializeTupleVariant = Impossible<(), TableError>;
    type SerializeMap = Impossible<(), TableError>;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), TableError>;

    fn serialize_tuple(self, _len: usize) -> Result<Self, TableError> {
        Ok(self)
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self, TableError> {
        Ok(self)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), TableError> {
        value.serialize(self)
    }
    scalars!((), |_v| unsupported("bare value");
        serialize_bool: bool, serialize_i8: i8, serialize_i16: i16, serialize_i32: i32,
        serialize_i64: i64, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64, serialize_f32: f32, serialize_f64: f64, serialize_char: char,
        serialize_str: &str
    );
    fn serialize_bytes(self, _v: &[u8]) -> Result<(), TableError> {
        unsupported("bare value")
    }
    fn serialize_none(self) -> Result<(), TableError> {
        unsupported("bare value")
    }
    fn serialize_some<T: ?Sized + Serialize>(self, _v: &T) -> Result<(), TableError> {
        unsupported("bare value")
    }
    fn serialize_unit(self) -> Result<(), TableError> {
        unsupported("bare value")
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), TableError> {
        unsupported("bare value")
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
    ) -> Result<(), TableError> {
        unsupported("bare value")
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), TableError> {
        unsupported("enum row")
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, TableError> {
        unsupported("sequence row")
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, TableError> {
        unsupported("tuple struct row")
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, TableError> {
        unsupported("enum row")
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, TableError> {
        unsupported("map row")
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, TableError> {
        unsupported("enum row")
    }
}

impl SerializeTuple for &mut RowWriter {
    type Ok = ();
    type Error = TableError;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), TableError> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), TableError> {
        Ok(())
    }
}

impl SerializeStruct for &mut RowWriter {
    type Ok = ();
    type Error = TableError;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), TableError> {
        self.columns.push(key);
        self.cells.push(value.serialize(CellWriter)?);
        Ok(())
    }
    fn end(self) -> Result<(), TableError> {
        Ok(())
    }
}

/// Makes one cell of a field's value.
struct CellWriter;

impl Serializer for CellWriter {
    type Ok = Cell;
    type Error = TableError;
    type SerializeSeq = Impossible<Cell, TableError>;
    type SerializeTuple = Impossible<Cell, TableError>;
    type SerializeTupleStruct = Impossible<Cell, TableError>;
    type SerializeTupleVariant = Impossible<Cell, TableError>;
    type SerializeMap = Impossible<Cell, TableError>;
    type SerializeStruct = Impossible<Cell, TableError>;
    type SerializeStructVariant = Impossible<Cell, TableError>;

    fn serialize_bool(self, v: bool) -> Result<Cell, TableError> {
        Ok(Cell::Bool(v))
    }
    scalars!(Cell, |v| Ok(Cell::Number(v.to_string()));
        serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
        serialize_i128: i128, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64, serialize_u128: u128
    );
    fn serialize_f32(self, _v: f32) -> Result<Cell, TableError> {
        unsupported("float (write a Figure)")
    }
    fn serialize_f64(self, _v: f64) -> Result<Cell, TableError> {
        unsupported("float (write a Figure)")
    }
    fn serialize_char(self, v: char) -> Result<Cell, TableError> {
        Ok(Cell::Text(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Cell, TableError> {
        Ok(Cell::Text(v.to_string()))
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<Cell, TableError> {
        unsupported("byte string")
    }
    fn serialize_none(self) -> Result<Cell, TableError> {
        Ok(Cell::Empty)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<Cell, TableError> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<Cell, TableError> {
        Ok(Cell::Empty)
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Cell, TableError> {
        Ok(Cell::Empty)
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Cell, TableError> {
        Ok(Cell::Text(variant.to_string()))
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<Cell, TableError> {
        match value.serialize(self)? {
            Cell::Text(t) if name == FIGURE => Ok(Cell::Number(t)),
            cell => Ok(cell),
        }
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<Cell, TableError> {
        unsupported("enum with data")
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, TableError> {
        unsupported("sequence")
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, TableError> {
        unsupported("tuple")
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, TableError> {
        unsupported("tuple struct")
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, TableError> {
        unsupported("enum with data")
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, TableError> {
        unsupported("map")
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, TableError> {
        unsupported("nested struct")
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, TableError> {
        unsupported("enum with data")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    #[derive(Default, Serialize)]
    struct Row {
        name: String,
        seat: String,
        games: u64,
        rate: Option<Figure>,
        marker: Figure,
        best: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        extra: Option<u8>,
    }

    fn rows() -> Vec<Row> {
        vec![
            Row {
                name: "a,\"b\"".into(),
                seat: "all".into(),
                games: 3,
                rate: Some(Figure::fixed(0.5, 6)),
                marker: Figure::text("-"),
                best: true,
                extra: None,
            },
            Row {
                name: "c".into(),
                seat: "1".into(),
                games: 0,
                rate: None,
                marker: Figure::fixed(-0.0, 2),
                best: false,
                extra: None,
            },
        ]
    }

    #[test]
    fn csv_quotes_and_leaves_no_figure_empty() {
        let t = Table::from_rows(rows()).unwrap();
        let csv = String::from_utf8(t.to_csv().unwrap()).unwrap();
        assert_eq!(
            csv,
            "name,seat,games,rate,marker,best\n\
             \"a,\"\"b\"\"\",all,3,0.500000,-,true\n\
             c,1,0,,0.00,false\n"
        );
    }

    #[test]
    fn csv_matches_what_the_csv_serializer_writes() {
        let mut w = csv::Writer::from_writer(Vec::new());
        for r in rows() {
            w.serialize(&r).unwrap();
        }
        let direct = w.into_inner().unwrap();
        let t = Table::from_rows(rows()).unwrap();
        assert_eq!(t.to_csv().unwrap(), direct);
    }

    #[test]
    fn json_lines_type_each_column() {
        let t = Table::from_rows(rows()).unwrap();
        let text = String::from_utf8(t.export(TableFormat::Json).unwrap()).unwrap();
        assert_eq!(
            text,
            "{\"name\":\"a,\\\"b\\\"\",\"seat\":\"all\",\"games\":3,\"rate\":0.500000,\"marker\":null,\"best\":true}\n\
             {\"name\":\"c\",\"seat\":\"1\",\"games\":0,\"rate\":null,\"marker\":0.00,\"best\":false}\n"
        );
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert!(v.is_object(), "{line}");
        }
    }

    #[test]
    fn no_rows_is_a_header_in_csv_and_nothing_in_json() {
        let t = Table::empty_like(Row::default()).unwrap();
        assert_eq!(
            t.to_csv().unwrap(),
            b"name,seat,games,rate,marker,best\n".to_vec()
        );
        assert!(t.export(TableFormat::Json).unwrap().is_empty());
    }

    #[test]
    fn rows_of_different_columns_are_refused() {
        let mut r = rows();
        r[1].extra = Some(1);
        let e = Table::from_rows(r).unwrap_err();
        assert!(e.to_string().contains("row 2"), "{e}");
    }

    #[test]
    fn json_numbers_follow_the_grammar() {
        for ok in ["0", "-0.000000", "12.5", "3"] {
            assert!(is_json_number(ok), "{ok}");
        }
        for bad in ["", "-", "NaN", "inf", "-inf", "01", "1.", ".5", "1e5", "+1"] {
            assert!(!is_json_number(bad), "{bad}");
        }
    }

    #[test]
    fn format_names_are_csv_and_json() {
        assert_eq!(TableFormat::parse("csv").unwrap(), TableFormat::Csv);
        assert_eq!(TableFormat::parse("json").unwrap(), TableFormat::Json);
        let e = TableFormat::parse("xml").unwrap_err();
        assert_eq!(crate::error::exit_code(&e), 2);
        assert_eq!(
            e.to_string(),
            "--format: unknown format 'xml' (expected csv or json)"
        );
    }
}
