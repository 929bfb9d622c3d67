// Package devstore holds the development account of the Azure Storage
// emulators (Azurite and the older Storage Emulator): the account name
// and key that every copy of the emulators accepts and that the
// connection string "UseDevelopmentStorage=true" stands for. The key is
// published with the emulators, so it is not a secret.
package devstore

// Account and Key are the emulators' published development account.
const (
	Account = "devstoreaccount1"
	Key     = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
)
