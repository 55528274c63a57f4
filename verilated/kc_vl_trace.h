/* kc_vl_trace.h — the file behind every model's VCD trace (C++ only).
 *
 * Verilator's own VerilatedVcdFile hands a failed write (disk full, EIO) back to
 * the VCD writer, which calls vl_fatal(): an exception out of dump() or close(),
 * and again out of ~VerilatedVcdC (which closes the file once more), where it
 * ends the process through std::terminate. This file never fails a write: it
 * keeps the first error (errno), drops the data after it, and the shim reports
 * the error when the trace is closed. Give it to VerilatedVcdC's constructor and
 * delete it after the VerilatedVcdC.
 */
#ifndef KC_VL_TRACE_H
#define KC_VL_TRACE_H

#include <cerrno>
#include <string>

#include <fcntl.h>
#include <unistd.h>

#include "verilated_vcd_c.h"

class kc_vl_trace_file final : public VerilatedVcdFile {
public:
    bool open(const std::string &name) override
    {
        fd_ = ::open(name.c_str(), O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0666);
        if (fd_ < 0)
            error_ = errno;
        return fd_ >= 0;
    }
    void close() override
    {
        if (fd_ >= 0 && ::close(fd_) != 0 && !error_)
            error_ = errno;
        fd_ = -1;
    }
    ssize_t write(const char *buf, ssize_t len) override
    {
        for (ssize_t done = 0; done < len && !error_ && fd_ >= 0;) {
            ssize_t w = ::write(fd_, buf + done, static_cast<size_t>(len - done));
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                error_ = w < 0 ? errno : ENOSPC;
            else
                done += w;
        }
        return len;   /* "written": the writer must never see a failure */
    }
    /* The first errno of open/write/close, 0 when none. */
    int error() const { return error_; }

private:
    int fd_ = -1;
    int error_ = 0;
};

#endif
