package rules

// The rules about how Go code writes entities — concurrency, transactions
// and credentials — checked by the write-side analyzers under analyzers/.
func init() {
	const guide = "(Azure Table storage table design guide)"
	Register(
		&Rule{
			ID: "TL404", Name: "batch-duplicate-entity", Severity: Error,
			Targets:   []Target{GoCode},
			Title:     "A transaction changes the same entity twice",
			Rationale: "The service rejects an entity group transaction in which two actions address the same PartitionKey and RowKey — a Delete followed by an Add to replace an entity, or the same entity appended twice — and none of its changes are made. Replace the pair with one action (UpdateReplace or InsertReplace), or send the second change in another transaction.\n\nSilent unless both actions are added on every run of one block and their keys are provably equal: the same constants, the same entity variable, or keys built the same way from the same variables. Actions in different branches, one action per loop iteration, and keys from calls such as uuid.New() are not reported.",
			Source:    `"An EGT can only update an entity once." ` + guide,
			Bad:       "b, _ := json.Marshal(o)\nc.SubmitTransaction(ctx, []aztables.TransactionAction{\n\t{ActionType: aztables.TransactionTypeDelete, Entity: b},\n\t{ActionType: aztables.TransactionTypeAdd, Entity: b},\n}, nil)",
			Good:      "c.SubmitTransaction(ctx, []aztables.TransactionAction{\n\t{ActionType: aztables.TransactionTypeInsertReplace, Entity: b},\n}, nil)",
			Hint:      "change each entity at most once per transaction: merge the two actions into one",
			Since:     "0.2.0",
		},
		&Rule{
			ID: "TL411", Name: "replace-with-partial-entity", Severity: Warning,
			Targets:   []Target{GoCode},
			Title:     "A Replace sends fewer properties than the entity has",
			Rationale: "A Replace (UpdateEntity or UpsertEntity with UpdateModeReplace) stores exactly the properties it sends and deletes every other property of the stored entity. Code that reads an entity and then replaces it with a smaller map or struct — only the field it changed — deletes the rest. Send the whole entity, or use UpdateModeMerge, which changes only the properties sent.\n\nSilent unless the same function reads the entity with GetEntity into a struct and replaces the same PartitionKey and RowKey with a literal that leaves some of its properties out; Merge writes, writing back the decoded entity, reads into maps and maps filled by helpers are not reported.",
			Source:    `"If you don't include a property in the request when that property exists in the stored entity, the request removes that property from the stored entity." ` + guide,
			Bad:       "json.Unmarshal(resp.Value, &emp)   // Name, Email, Salary\nb, _ := json.Marshal(map[string]any{\"PartitionKey\": dept, \"RowKey\": id, \"Email\": email})\nc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace})",
			Good:      "c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge, IfMatch: &resp.ETag})",
			Hint:      "send every property in a Replace, or use UpdateModeMerge",
			Since:     "0.2.0",
		},
		&Rule{
			ID: "TL412", Name: "update-may-not-exist", Severity: Info,
			Targets:   []Target{GoCode},
			Title:     "An update of an entity that may not exist ignores its failure",
			Rationale: "UpdateEntity fails with 404 (ResourceNotFound) when the entity does not exist. Code that builds an entity and updates it without looking at the error loses the write whenever the entity is missing — the first time a key is seen, or after a delete — and nobody notices. UpsertEntity inserts the entity if it is missing; otherwise, check the error.\n\nSilent when the error is checked, for UpsertEntity, and for entities decoded from a read in the same function (they existed).",
			Source:    `"The Replace and Merge methods fail if the entity doesn't exist." ` + guide,
			Bad:       "b, _ := json.Marshal(Status{PartitionKey: \"jobs\", RowKey: job, State: \"done\"})\n_, _ = c.UpdateEntity(ctx, b, nil)",
			Good:      "_, err := c.UpsertEntity(ctx, b, nil)\nif err != nil { return err }",
			Hint:      "use UpsertEntity, or check the error of UpdateEntity",
			Since:     "0.2.0",
		},
		&Rule{
			ID: "TL414", Name: "read-modify-write-without-etag", Severity: Warning,
			Targets:   []Target{GoCode},
			Title:     "An entity is read, changed and written back without its ETag",
			Rationale: "Code that reads an entity with GetEntity, changes it and writes it back with UpdateEntity and no IfMatch (or with azcore.ETagAny, which matches any version) overwrites whatever another client wrote in between: the last writer wins and the other update is lost without an error. Pass the ETag of the read as IfMatch; a concurrent change then fails the write with 412 (Precondition Failed), and the code can read again and retry. UpsertEntity never sends an If-Match header — aztables ignores UpsertEntityOptions.ETag — so a read followed by an upsert is always unconditional.\n\nSilent when the write passes an IfMatch other than azcore.ETagAny, when the options cannot be seen (a parameter), for AddEntity (an insert fails on conflict instead of overwriting), and when the entity written was not decoded from the read.",
			Source:    `"If you have multiple clients updating an entity simultaneously, use the ETag to implement optimistic concurrency." ` + guide,
			Bad:       "resp, _ := c.GetEntity(ctx, pk, rk, nil)\njson.Unmarshal(resp.Value, &e)\ne.Count++\nb, _ := json.Marshal(e)\nc.UpdateEntity(ctx, b, nil)",
			Good:      "c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag})   // and on 412, read again and retry",
			Hint:      "pass IfMatch: &resp.ETag from the read, and retry from a fresh read on 412",
			Since:     "0.2.0",
		},
		&Rule{
			ID: "TL601", Name: "account-key-in-client", Severity: Warning,
			Targets:   []Target{GoCode},
			Title:     "A storage account key is written in the code",
			Rationale: "An account key gives full control of every table, queue and blob of the account. Written into the code — for NewSharedKeyCredential, the legacy NewBasicClient, or as the AccountKey of a connection string — it reaches everyone who can read the source, the binary or the device it ships to, and it can only be revoked by rotating the key for every user. Authenticate with a token credential (azidentity), hand clients a short-lived SAS minted by a service that keeps the key, or read the key from a secret store at run time.\n\nSilent for keys read at run time (environment, flags, secret stores), for the storage emulator's published development key and UseDevelopmentStorage=true, for placeholders that are not base64 keys, for SAS connection strings, and in _test.go files.",
			Source:    `"You don't need to distribute your storage account key to an insecure platform (such as a mobile device)" ` + guide,
			Bad:       `cred, _ := aztables.NewSharedKeyCredential("myaccount", "BwgJCgsMDQ4P…RFRg==")`,
			Good:      "cred, _ := azidentity.NewDefaultAzureCredential(nil)\nc, _ := aztables.NewClient(url, cred, nil)",
			Hint:      "use a token credential or a SAS, or read the key from a secret store at run time",
			Since:     "0.2.0",
		},
		&Rule{
			ID: "TL602", Name: "sas-overbroad", Severity: Info,
			Targets:   []Target{GoCode},
			Title:     "A shared access signature grants more than a client needs",
			Rationale: "A SAS is a bearer token: whoever holds it can do what it grants until it expires, and it cannot be revoked short of rotating the account key. A table SAS that grants read, add, update and delete on the whole table — or an account SAS that grants every table permission — gives a client the run of the data; one valid for days or months stays usable long after it leaks. Grant only the operations the holder needs, limit a table SAS to the holder's PartitionKey range (StartPartitionKey/EndPartitionKey), and issue short-lived tokens that the client renews.\n\nSilent for SAS limited to a key range, for permissions or lifetimes that are not constants in the code (set field by field, read from configuration), and for expiry times not computed from the issue time.",
			Source:    `"it's also possible to specify that the SAS token grant access to either a range of PartitionKey values, or a range of PartitionKey and RowKey values." ` + guide,
			Bad:       "c.GetTableSASURL(aztables.SASPermissions{Read: true, Add: true, Update: true, Delete: true}, now, now.AddDate(1, 0, 0))",
			Good:      "c.GetTableSASURL(aztables.SASPermissions{Read: true, StartPartitionKey: tenant, EndPartitionKey: tenant}, now, now.Add(time.Hour))",
			Hint:      "grant only the needed operations on the holder's PartitionKey range, for hours rather than days",
			Options:   "`-sas-max-expiry` (analyzer flag, default 24h): the longest SAS lifetime not reported.",
			Since:     "0.2.0",
		},
	)
}
