// Package tablereuse defines an Analyzer that reports code that deletes a
// table and then creates one of the same name.
//
// # Analyzer tablereuse
//
// tablereuse: find a table deleted and created again under the same name
// (TL104).
//
// "Expect a delay if you want to reuse the same table name after deleting
// it. It's better to always use unique table names." A delete only marks
// the table for deletion; until the service has removed it, creating a
// table of that name fails with 409 (TableBeingDeleted). Code that
// "resets" a table this way fails at run time, usually only some of the
// time.
//
//   - TL104 table-name-reuse-after-delete: in one function,
//     ServiceClient.DeleteTable(ctx, name, …) followed by
//     ServiceClient.CreateTable(ctx, name, …), or Client.Delete followed
//     by Client.CreateTable on the same client (or on clients from
//     ServiceClient.NewClient with the same name), where the names are the
//     same constant or the same variable, and the create can run after the
//     delete: not in another branch of the same if or switch, and no
//     return, break, continue, goto or panic between them in the
//     delete's block.
//
// Silent: different names (a new name per period:
// "Logs" + time.Now().Format("20060102")); names computed by calls;
// a delete and a create in exclusive branches; a delete whose block ends
// the function before the create; clients the analyzer cannot tell
// apart (fields, parameters passed different values).
package tablereuse
