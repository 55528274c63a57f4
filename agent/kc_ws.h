/* kc_ws.h — files beneath a directory (the agent's workspace, a run directory),
 * opened without following links.
 *
 * A run directory may hold anything when a run is resumed: a symlink named
 * kernel.s pointing at a file outside, a linked sub-directory, a FIFO, a hard
 * link. Every file the agent reads or writes beneath such a directory is opened
 * from a directory descriptor, one openat() per component: directories with
 * O_NOFOLLOW | O_DIRECTORY, the leaf with O_NOFOLLOW | O_NONBLOCK; the leaf must
 * then be a regular file with a single link. Nothing is ever resolved by path
 * name, so no link already there (or swapped in meanwhile) is followed.
 *
 * The functions mirror openat(): a descriptor, or -1 with errno set, because
 * callers phrase the reason for their own reader (a model, a user);
 * kc_ws_strerror() gives the words for the errno values these functions add.
 */
#ifndef KC_WS_H
#define KC_WS_H

#include <stddef.h>

typedef enum kc_ws_mode {
    KC_WS_READ,      /* an existing file, read only */
    KC_WS_WRITE,     /* create or truncate, write only */
    KC_WS_APPEND     /* create or append, write only */
} kc_ws_mode;

/* Opens the file rel (len bytes: components separated by '/') beneath dirfd.
 * mkdirs creates missing directories on the way (mode 0777 before umask). The
 * descriptor is O_CLOEXEC and blocking. errno on failure, besides openat's:
 *   EINVAL  rel is empty, absolute, has a NUL byte, or an empty, "." or ".."
 *           component
 *   ELOOP   a component is a symbolic link
 *   ENOTDIR a directory component is not a directory
 *   EISDIR  the leaf is a directory
 *   ENXIO   the leaf is not a regular file (FIFO, socket, device)
 *   EMLINK  the leaf has other hard links */
int kc_ws_open(int dirfd, const char *rel, size_t len, kc_ws_mode mode, int mkdirs);

/* Opens the directory rel beneath dirfd the same way (O_RDONLY | O_DIRECTORY),
 * creating it and its parents when create is set. */
int kc_ws_opendir(int dirfd, const char *rel, size_t len, int create);

/* "it is or passes through a symbolic link (links are not followed here)" for
 * ELOOP, ...; strerror() for other values. */
const char *kc_ws_strerror(int errnum);

#endif
