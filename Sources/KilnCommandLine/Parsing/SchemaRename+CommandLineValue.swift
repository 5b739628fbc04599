import KilnBuild

extension SchemaRename: CommandLineValue {
    /// `old=new` (a table) or `table.old=new` (a column), as `kiln plan --rename` takes it.
    ///
    /// - Throws: ``UsageError`` for text without `=` or with an empty side.
    public init(commandLine text: String, option: String, context: ParsingContext) throws {
        guard let rename = SchemaRename.parse(text) else {
            throw UsageError(
                message: "'\(option)' takes old=new for a table or table.old=new for a column, not '\(text)'",
                hint: nil, command: context.command)
        }
        self = rename
    }
}
