// Replaced by generated protocol code (scripts/generate-protocols.sh).
